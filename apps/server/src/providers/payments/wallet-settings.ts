import { z } from 'zod';
import { WALLET_FIELDS, WALLET_VALUE_SET, type Wallet } from '@cloudphone/contracts/console-clients';
import { WECHAT_PAY_API } from './wechat-pay-client';
import { WECHAT_OAUTH_API } from './wechat-oauth';

/** Alipay's gateways: the sandbox a merchant tries first, and production. */
export const ALIPAY_GATEWAYS = {
  production: 'https://openapi.alipay.com/gateway.do',
  sandbox: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
} as const;

const pem = (kind: string) =>
  z.string().refine((text) => text.includes('-----BEGIN ') && text.includes(kind), `a PEM ${kind.toLowerCase()}`);

/** A client's WeChat Pay (API v3), as the admin CLI keeps it. */
export const wechatSettingsSchema = z.object({
  mchId: z.string().regex(/^\d{8,12}$/, 'a merchant id of digits'),
  appId: z.string().min(1),
  serialNo: z.string().min(1),
  privateKey: pem('PRIVATE KEY'),
  apiV3Key: z.string().length(32, 'the APIv3 key is 32 characters'),
  platformPublicKey: pem('PUBLIC KEY'),
  /** The platform public key's id, as WeChat Pay's merchant platform shows it beside the key (issue 48). */
  platformPublicKeyId: z.string().min(1),
  /** WeChat Pay's API; another only for a test's stand-in. */
  api: z.string().url().default(WECHAT_PAY_API),
  /**
   * The official account's AppSecret (its app id is `appId`): with it, WeChat's browser pays by JSAPI,
   * the customer named by WeChat's sign-in; without it, by Native pay's QR code.
   */
  appSecret: z.string().min(1).optional(),
  /** WeChat's sign-in API; another only for a test's stand-in. */
  oauthApi: z.string().url().default(WECHAT_OAUTH_API),
});
export type WechatSettings = z.infer<typeof wechatSettingsSchema>;

/** A client's Alipay (public-key mode, RSA2), as the admin CLI keeps it. */
export const alipaySettingsSchema = z.object({
  appId: z.string().min(1),
  privateKey: pem('PRIVATE KEY'),
  alipayPublicKey: pem('PUBLIC KEY'),
  gateway: z.string().url().default(ALIPAY_GATEWAYS.production),
  /** The merchant's Alipay account (`2088…`): when set, a notice for another seller is refused (issue 48). */
  sellerId: z.string().min(1).optional(),
});
export type AlipaySettings = z.infer<typeof alipaySettingsSchema>;

/** Where each wallet's settings live: a client's config (`client_config`), never a reply or a log. */
export const WALLET_SETTING_KEYS = { wechat: 'pay.wechat', alipay: 'pay.alipay' } as const satisfies Record<
  Wallet,
  string
>;
export type { Wallet };

/** Each wallet's settings schema. */
export const WALLET_SCHEMAS = { wechat: wechatSettingsSchema, alipay: alipaySettingsSchema } as const;

/** The settings as an operator may see them: ids in full, secrets and keys only as set (contracts' kinds). */
export function shownSettings(wallet: Wallet, settings: Record<string, unknown>): Record<string, string> {
  const kinds = new Map(WALLET_FIELDS[wallet].map((field) => [field.key, field.kind]));
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, (kinds.get(key) ?? 'text') === 'text' ? String(value) : WALLET_VALUE_SET]),
  );
}

/** Stored settings read with `schema`; undefined when absent or no longer valid. */
export function readSettings<S extends z.ZodType>(schema: S, stored: string | undefined): z.output<S> | undefined {
  if (!stored) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
