import { z } from 'zod';
import type { PaymentProvider, PaymentStart, PayableOrder, PaymentNotice } from './payment-provider';
import { readSignedNotice, signPayRequest } from './signed-notice';

/** A tenant's wallet settings (tenant config `pay.wechat` / `pay.alipay`). */
const walletConfigSchema = z.object({
  gatewayUrl: z.string().url(),
  merchantId: z.string().min(1),
  key: z.string().min(16),
});
type WalletConfig = z.infer<typeof walletConfigSchema>;

/**
 * A wallet (WeChat Pay or Alipay) reached through the merchant's payment gateway: the order becomes
 * a signed pay link, opened on a phone or shown as a QR code on a desktop, and the gateway posts a
 * signed notice back when the customer has paid.
 */
export class QrWalletProvider implements PaymentProvider {
  constructor(
    readonly payType: 'wechat' | 'alipay',
    private readonly settingsOf: (tenantId: number) => Promise<string | undefined>,
  ) {}

  async configured(tenantId: number): Promise<boolean> {
    return (await this.config(tenantId)) !== undefined;
  }

  async start(order: PayableOrder): Promise<PaymentStart> {
    const config = await this.config(order.tenantId);
    if (!config) throw new Error(`${this.payType} is not configured`);
    const url = new URL(config.gatewayUrl);
    url.searchParams.set('merchantId', config.merchantId);
    url.searchParams.set('orderNo', order.orderNo);
    url.searchParams.set('amount', String(order.payPriceCents));
    url.searchParams.set(
      'sign',
      signPayRequest(config.key, {
        merchantId: config.merchantId,
        orderNo: order.orderNo,
        amountCents: order.payPriceCents,
      }),
    );
    return { payUrl: url.toString(), qrCodeText: url.toString(), simulateToken: null };
  }

  async verify(tenantId: number, body: unknown): Promise<PaymentNotice | undefined> {
    const config = await this.config(tenantId);
    return config && readSignedNotice(config.key, body);
  }

  private async config(tenantId: number): Promise<WalletConfig | undefined> {
    const stored = await this.settingsOf(tenantId);
    if (!stored) return undefined;
    try {
      const parsed = walletConfigSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
