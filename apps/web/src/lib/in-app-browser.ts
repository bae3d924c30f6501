/** The messaging-app and payment-app in-app browsers the web app may open in (spec §1), by user agent. */
export type InAppBrowser = 'wechat' | 'alipay' | null;

export function detectInAppBrowser(userAgent: string = navigator.userAgent): InAppBrowser {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/AlipayClient/i.test(userAgent)) return 'alipay';
  return null;
}

interface WeixinBridge {
  call: (method: 'closeWindow') => void;
}

/** Closes the page through the WeChat bridge where there is one; tells whether it could. */
export function closeInAppWindow(): boolean {
  const bridge = (window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
  if (detectInAppBrowser() !== 'wechat' || !bridge) return false;
  bridge.call('closeWindow');
  return true;
}
