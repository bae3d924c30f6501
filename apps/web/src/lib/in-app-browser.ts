/** The messaging-app and payment-app in-app browsers the web app may open in (spec §1), by user agent. */
export type InAppBrowser = 'wechat' | 'alipay' | null;

export function detectInAppBrowser(userAgent: string = navigator.userAgent): InAppBrowser {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/AlipayClient/i.test(userAgent)) return 'alipay';
  return null;
}

interface WeixinBridge {
  call: (method: 'closeWindow') => void;
  invoke: (method: 'getBrandWCPayRequest', payment: object, done: (answer: { err_msg?: string }) => void) => void;
}

const weixinBridge = () => (window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;

/** Closes the page through the WeChat bridge where there is one; tells whether it could. */
export function closeInAppWindow(): boolean {
  const bridge = weixinBridge();
  if (detectInAppBrowser() !== 'wechat' || !bridge) return false;
  bridge.call('closeWindow');
  return true;
}

/**
 * Hands a JSAPI payment to WeChat's own pay sheet; tells whether the customer paid (`ok`), gave up
 * (`cancel`) or WeChat refused (`fail`). The wallet's notice, not this answer, marks the order paid.
 */
export function payInWechat(payment: object): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const bridge = weixinBridge();
    if (!bridge) {
      resolve('fail');
      return;
    }
    bridge.invoke('getBrandWCPayRequest', payment, (answer) => {
      const said = answer.err_msg ?? '';
      resolve(said.endsWith(':ok') ? 'ok' : said.endsWith(':cancel') ? 'cancel' : 'fail');
    });
  });
}
