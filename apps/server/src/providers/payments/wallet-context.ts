import {
  alipaySettingsSchema,
  readSettings,
  WALLET_SETTING_KEYS,
  wechatSettingsSchema,
  type AlipaySettings,
  type Wallet,
  type WechatSettings,
} from './wallet-settings';

/** Where a wallet posts its notices: one address per wallet and client, whose settings verify them. */
export const WALLET_NOTICE_PATH = '/api/trade/pay/notify';

type SettingsOf<W extends Wallet> = W extends 'wechat' ? WechatSettings : AlipaySettings;

/** What a wallet provider reads of a client: its settings, and the address its notices come to. */
export interface WalletSettingsOf<W extends Wallet> {
  settings(clientId: number | null): Promise<SettingsOf<W> | undefined>;
  noticeUrl(clientId: number): Promise<string>;
}

const SCHEMAS = { wechat: wechatSettingsSchema, alipay: alipaySettingsSchema };

/** A wallet's settings of each client, from the client's config (kept there by the admin CLI). */
export function walletSettingsOf<W extends Wallet>(
  wallet: W,
  store: {
    clientValue: (clientId: number, key: string) => Promise<string | undefined>;
    clientNo: (clientId: number) => Promise<string | undefined>;
  },
  serverUrl: string,
): WalletSettingsOf<W> {
  return {
    async settings(clientId) {
      if (clientId === null) return undefined;
      const stored = await store.clientValue(clientId, WALLET_SETTING_KEYS[wallet]);
      return readSettings(SCHEMAS[wallet], stored) as SettingsOf<W> | undefined;
    },
    async noticeUrl(clientId) {
      const clientNo = await store.clientNo(clientId);
      if (!clientNo) throw new Error(`no client ${clientId}`);
      return `${serverUrl}${WALLET_NOTICE_PATH}/${wallet}/${encodeURIComponent(clientNo)}`;
    },
  };
}
