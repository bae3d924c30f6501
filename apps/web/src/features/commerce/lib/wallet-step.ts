import type { PayMethod, PayStart, WechatJsapi } from '@cloudphone/contracts/commerce';

/**
 * What follows starting a wallet payment: its page, a QR code to scan with the wallet, WeChat's own pay
 * sheet (JSAPI, inside WeChat), or nothing to show.
 */
export type WalletStep =
  | { kind: 'open'; url: string }
  | { kind: 'qr'; text: string }
  | { kind: 'jsapi'; payment: WechatJsapi }
  | { kind: 'wait' };

/**
 * On a phone the wallet's page opens (it hands over to the wallet app); on a large screen, where the
 * method offers one, a QR code is shown to scan with the phone's wallet.
 */
export function walletStep(start: PayStart, method: PayMethod, onPhone: boolean): WalletStep {
  if (start.jsapi) return { kind: 'jsapi', payment: start.jsapi };
  const qr = method.qrCode && !onPhone && start.qrCodeText;
  if (qr) return { kind: 'qr', text: qr };
  if (start.payUrl) return { kind: 'open', url: start.payUrl };
  if (start.qrCodeText) return { kind: 'qr', text: start.qrCodeText };
  return { kind: 'wait' };
}

/** A phone or tablet: a touch screen's browser. */
export function onPhoneScreen(): boolean {
  return /Android|iPhone|iPad|Mobile/i.test(navigator.userAgent);
}
