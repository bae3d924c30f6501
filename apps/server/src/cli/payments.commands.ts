import { readFileSync } from 'node:fs';
import { WALLETS, type Wallet } from '@cloudphone/contracts/console-clients';
import { WALLET_SCHEMAS } from '../providers/payments/wallet-settings';
import { AppError } from '../services/app-error';
import type { Command, CliArgs } from './command';
import { oneOf, required, UsageError } from './command';
import { cliActor } from './console.commands';
import type { CliContext } from './context';

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
 * Sets a wallet up through the console's operation (audited; a wrong setting named, never echoed — it may
 * be a secret); the shell may also name a test's stand-in (`api`).
 */
async function setWallet(ctx: CliContext, args: CliArgs, wallet: Wallet, settings: Record<string, string | undefined>) {
  const client = await ctx.services.tenantAdmin.clientByNo(required(args, 'client-no'));
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const writable = Object.keys(WALLET_SCHEMAS[wallet].shape);
  const set = await ctx.services.consoleWallets
    .set(cliActor(), client.tenantId, client.id, wallet, given, writable)
    .catch((error: unknown) => {
      if (error instanceof AppError && error.key === 'walletSettingsInvalid')
        throw new UsageError(String(error.args[0]));
      throw error;
    });
  ctx.print(`${wallet} set up for ${client.clientNo}: ${JSON.stringify(set.shown)}`);
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
      setWallet(ctx, args, 'wechat', {
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
      return setWallet(ctx, args, 'alipay', {
        appId: required(args, 'app-id'),
        privateKey: keyFile(args, 'private-key-file'),
        alipayPublicKey: keyFile(args, 'alipay-public-key-file'),
        sellerId: args['seller-id'],
        gateway,
      });
    },
  },
  {
    name: 'pay:show',
    usage: 'pay:show --client-no NO',
    summary: "a client's wallets as set up (secrets shown only as set)",
    run: async (ctx, args) => {
      const client = await ctx.services.tenantAdmin.clientByNo(required(args, 'client-no'));
      for (const { wallet, state, shown } of await ctx.services.consoleWallets.wallets(client.id))
        ctx.print(`${wallet}\t${state === 'off' ? 'not set up' : `${state} ${JSON.stringify(shown)}`}`);
    },
  },
  {
    name: 'pay:off',
    usage: `pay:off --client-no NO --wallet ${WALLETS.join('|')}`,
    summary: 'stop offering a wallet (orders sent to it close with their time to pay, as it set them)',
    run: async (ctx, args) => {
      const wallet = oneOf<Wallet>(required(args, 'wallet'), WALLETS, 'wallet');
      const client = await ctx.services.tenantAdmin.clientByNo(required(args, 'client-no'));
      await ctx.services.consoleWallets.off(cliActor(), client.tenantId, client.id, wallet);
      ctx.print(`${wallet} off for ${client.clientNo}`);
    },
  },
];
