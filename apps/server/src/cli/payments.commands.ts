import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import {
  ALIPAY_GATEWAYS,
  alipaySettingsSchema,
  readSettings,
  shownSettings,
  WALLET_SETTING_KEYS,
  wechatSettingsSchema,
  type Wallet,
} from '../providers/payments/wallet-settings';
import type { Command, CliArgs } from './command';
import { oneOf, required, UsageError } from './command';
import type { CliContext } from './context';

const WALLETS = Object.keys(WALLET_SETTING_KEYS) as Wallet[];

/** A key file's text; the key itself is never printed. */
function keyFile(args: CliArgs, name: string): string {
  const path = required(args, name);
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`--${name}: cannot read ${path}`);
  }
}

/**
 * Keeps a client's wallet settings once they read as valid. A wrong setting is named, never echoed:
 * it may be a secret.
 */
async function setWallet(
  ctx: CliContext,
  args: CliArgs,
  wallet: Wallet,
  schema: z.ZodType,
  settings: Record<string, unknown>,
) {
  const parsed = schema.safeParse(settings);
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const client = await ctx.services.tenantAdmin.clientByNo(required(args, 'client-no'));
  await ctx.repos.config.setClientValue(client.id, WALLET_SETTING_KEYS[wallet], JSON.stringify(parsed.data));
  ctx.print(
    `${wallet} set up for ${client.clientNo}: ${JSON.stringify(shownSettings(parsed.data as Record<string, unknown>))}`,
  );
}

/** Each client's wallets (issue 25; docs/payments.md): set up, shown without secrets, switched off. */
export const paymentCommands: Command[] = [
  {
    name: 'pay:wechat',
    usage:
      'pay:wechat --client-no NO --mch-id ID --app-id APPID --serial-no SERIAL --private-key-file PEM --api-v3-key KEY --platform-public-key-file PEM --platform-public-key-id PUB_KEY_ID_… [--app-secret SECRET] [--api URL]',
    summary:
      "set up a client's WeChat Pay (API v3): Native QR, H5 and — with the official account's AppSecret — JSAPI pay in WeChat",
    run: (ctx, args) =>
      setWallet(ctx, args, 'wechat', wechatSettingsSchema, {
        mchId: required(args, 'mch-id'),
        appId: required(args, 'app-id'),
        serialNo: required(args, 'serial-no'),
        privateKey: keyFile(args, 'private-key-file'),
        apiV3Key: required(args, 'api-v3-key'),
        platformPublicKey: keyFile(args, 'platform-public-key-file'),
        platformPublicKeyId: required(args, 'platform-public-key-id'),
        appSecret: args['app-secret'],
        api: args.api,
      }),
  },
  {
    name: 'pay:alipay',
    usage:
      'pay:alipay --client-no NO --app-id APPID --private-key-file PEM --alipay-public-key-file PEM [--seller-id 2088…] [--gateway sandbox|production|URL]',
    summary: "set up a client's Alipay (RSA2): QR code and phone-site pay, notices, query, close, refund",
    run: (ctx, args) => {
      const gateway = args.gateway ?? 'production';
      return setWallet(ctx, args, 'alipay', alipaySettingsSchema, {
        appId: required(args, 'app-id'),
        privateKey: keyFile(args, 'private-key-file'),
        alipayPublicKey: keyFile(args, 'alipay-public-key-file'),
        sellerId: args['seller-id'],
        gateway: ALIPAY_GATEWAYS[gateway as keyof typeof ALIPAY_GATEWAYS] ?? gateway,
      });
    },
  },
  {
    name: 'pay:show',
    usage: 'pay:show --client-no NO',
    summary: "a client's wallets as set up (secrets shown only as set)",
    run: async (ctx, args) => {
      const client = await ctx.services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const schemas = { wechat: wechatSettingsSchema, alipay: alipaySettingsSchema };
      const stored = await ctx.repos.config.clientValues(client.id, Object.values(WALLET_SETTING_KEYS));
      for (const wallet of WALLETS) {
        const settings = readSettings(schemas[wallet], stored.get(WALLET_SETTING_KEYS[wallet]));
        ctx.print(`${wallet}\t${settings ? JSON.stringify(shownSettings(settings)) : 'not set up'}`);
      }
    },
  },
  {
    name: 'pay:off',
    usage: `pay:off --client-no NO --wallet ${WALLETS.join('|')}`,
    summary: 'stop offering a wallet (orders sent to it close with their time to pay, as it set them)',
    run: async (ctx, args) => {
      const wallet = oneOf<Wallet>(required(args, 'wallet'), WALLETS, 'wallet');
      const client = await ctx.services.tenantAdmin.clientByNo(required(args, 'client-no'));
      await ctx.repos.config.setClientValue(client.id, WALLET_SETTING_KEYS[wallet], '');
      ctx.print(`${wallet} off for ${client.clientNo}`);
    },
  },
];
