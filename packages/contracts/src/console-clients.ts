import { z } from 'zod';
import { PLATFORMS, agreementTypeSchema } from './client';
import { FUNCTION_KEYS } from './client-functions';
import { CLIENT_CONFIG_KEYS, LIMIT_CONFIG_KEYS } from './config-keys';
import { customerServiceSchema } from './content';
import { THEME_NAMES } from './theme';

/** The console's clients, the tenant's limits, the platform's hosts and each client's wallets (issue 63). */

const clientId = z.number().int().positive().max(2_147_483_647);
const localizedText = (max: number) =>
  z.object({ 'zh-CN': z.string().trim().max(max), 'en-US': z.string().trim().max(max) });

// — clients

/** A client as a section's picker names it. */
export const adminClientNameSchema = z.object({ clientId: z.number().int(), clientNo: z.string(), name: z.string() });

export const adminClientSchema = z.object({
  clientId: z.number().int(),
  clientNo: z.string(),
  name: z.string(),
  theme: z.enum(THEME_NAMES),
  platform: z.enum(PLATFORMS),
  logoUrl: z.string(),
  functions: z.array(z.object({ key: z.enum(FUNCTION_KEYS), enable: z.boolean() })),
  agreements: z.array(
    z.object({ type: agreementTypeSchema, name: localizedText(100_000), content: localizedText(100_000) }),
  ),
  customerService: customerServiceSchema,
  /** Its download and version settings (`CLIENT_CONFIG_KEYS`), empty where unset. */
  settings: z.record(z.string(), z.string()),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

export const adminClientsSchema = z.object({
  clients: z.array(adminClientSchema),
  /** The tenant's limits (`LIMIT_CONFIG_KEYS`), its own value or the default. */
  limits: z.record(z.string(), z.number()),
});

export const adminThemeBody = z.object({ clientId, theme: z.enum(THEME_NAMES) });
export const adminFunctionBody = z.object({ clientId, key: z.enum(FUNCTION_KEYS), enable: z.boolean() });

/** A picture the console sends (PNG, JPEG or SVG), base64: a logo or a QR code is small. */
export const PICTURE_MAX_BYTES = 1024 * 1024;
export const adminPicture = z
  .string()
  .max(Math.ceil(PICTURE_MAX_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]+=*$/);

export const adminLogoBody = z.object({ clientId, image: adminPicture });

export const adminAgreementBody = z.object({
  clientId,
  type: agreementTypeSchema,
  name: z.object({ 'zh-CN': z.string().trim().min(1).max(60), 'en-US': z.string().trim().min(1).max(60) }),
  content: z.object({ 'zh-CN': z.string().min(1).max(100_000), 'en-US': z.string().min(1).max(100_000) }),
});

/** The customer-service contact; a QR picture replaces the one kept, none sent keeps it. */
export const adminCustomerServiceBody = z.object({
  clientId,
  qrImage: adminPicture.optional(),
  link: z.string().trim().max(500),
  workTime: z.string().trim().max(100),
});

export const adminClientSettingBody = z.object({
  clientId,
  key: z.enum(CLIENT_CONFIG_KEYS),
  value: z.string().trim().max(500),
});

export const adminLimitBody = z.object({
  key: z.enum(LIMIT_CONFIG_KEYS),
  value: z.number().int().min(0).max(10_000_000),
});

// — the platform's device hosts

export const adminHostSchema = z.object({
  name: z.string(),
  /** `fixed`: a host of the setup this server does not follow (DEVICE_HOSTS' another server drives). */
  state: z.enum(['online', 'offline', 'fixed']),
  draining: z.boolean(),
  lastSeenAt: z.number().int().nullable(),
  phones: z.number().int(),
  /** Null: no limit. */
  capacity: z.number().int().nullable(),
  region: z.string(),
  publicUrl: z.string(),
  adb: z.string().nullable(),
});
export type AdminHost = z.infer<typeof adminHostSchema>;

const hostName = z.string().trim().min(1).max(64);
export const adminHostDrainBody = z.object({ name: hostName, draining: z.boolean() });
export const adminHostTokenBody = z.object({
  name: hostName,
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});
export const adminHostTokenSchema = z.object({ token: z.string(), expiresAt: z.number().int() });

// — each client's wallets

export const WALLETS = ['wechat', 'alipay'] as const;
export type Wallet = (typeof WALLETS)[number];

/**
 * A wallet setting as the console asks for it: `secret` is written and never read back, `pem` is a key
 * pasted whole (shown only as set), `text` is shown as it is.
 */
export interface WalletField {
  key: string;
  kind: 'text' | 'secret' | 'pem';
  optional?: true;
}

/** What each wallet is set up with (the server's wallet settings read them; docs/payments.md says where each is). */
export const WALLET_FIELDS: Record<Wallet, readonly WalletField[]> = {
  wechat: [
    { key: 'mchId', kind: 'text' },
    { key: 'appId', kind: 'text' },
    { key: 'serialNo', kind: 'text' },
    { key: 'privateKey', kind: 'secret' },
    { key: 'apiV3Key', kind: 'secret' },
    { key: 'platformPublicKey', kind: 'pem' },
    { key: 'platformPublicKeyId', kind: 'text' },
    { key: 'appSecret', kind: 'secret', optional: true },
  ],
  alipay: [
    { key: 'appId', kind: 'text' },
    { key: 'privateKey', kind: 'secret' },
    { key: 'alipayPublicKey', kind: 'pem' },
    { key: 'sellerId', kind: 'text', optional: true },
    { key: 'gateway', kind: 'text', optional: true },
  ],
};

/** Shown for a secret or a key that is set: its value never leaves the server. */
export const WALLET_VALUE_SET = '(set)';

export const WALLET_STATES = ['off', 'ready', 'invalid'] as const;
export const adminWalletSchema = z.object({
  wallet: z.enum(WALLETS),
  /** `invalid`: kept, but no longer reads as valid settings (the wallet is not offered). */
  state: z.enum(WALLET_STATES),
  /** Its settings with every secret and key shown as `WALLET_VALUE_SET`. */
  shown: z.record(z.string(), z.string()),
});
export type AdminWallet = z.infer<typeof adminWalletSchema>;

/** A client's wallets, named as its operators know it (finance sees no other page of clients). */
export const adminClientWalletsSchema = z.object({
  clientId: z.number().int(),
  clientNo: z.string(),
  name: z.string(),
  wallets: z.array(adminWalletSchema),
});

/** A wallet's settings: a secret or key left empty keeps the one set before. */
export const adminWalletSetBody = z.object({
  clientId,
  wallet: z.enum(WALLETS),
  settings: z.record(z.string().max(40), z.string().max(20_000)),
});
export const adminWalletOffBody = z.object({ clientId, wallet: z.enum(WALLETS) });
