import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { AlipayStandIn } from './alipay-stand-in';
import { WechatPayStandIn } from './wechat-pay-stand-in';

/** An RSA key pair as the wallets hand them out (PEM). */
export const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** The keys and ids a merchant's set-up shares with both wallets: what `pay:wechat` and `pay:alipay` are given. */
export const WALLET_IDS = {
  mchId: '1900000001',
  wechatAppId: 'wx0000000000000001',
  serialNo: 'MERCHANT-SERIAL',
  /** The id WeChat Pay's merchant platform shows beside its public key. */
  platformPublicKeyId: 'PUB_KEY_ID_0119000000012026112800000000000001',
  alipayAppId: '2021000000000001',
  /** The merchant's Alipay account. */
  alipaySellerId: '2088000000000001',
} as const;

export interface WalletStandIns {
  merchant: ReturnType<typeof keyPair>;
  wechatPlatform: ReturnType<typeof keyPair>;
  alipayKeys: ReturnType<typeof keyPair>;
  apiV3Key: string;
  wechat: WechatPayStandIn;
  alipay: AlipayStandIn;
  stop: () => void;
}

/** Both wallets' stand-ins, started, with a merchant whose keys each knows. */
export async function startWalletStandIns(
  keys: Pick<WalletStandIns, 'merchant' | 'wechatPlatform' | 'alipayKeys'> = {
    merchant: keyPair(),
    wechatPlatform: keyPair(),
    alipayKeys: keyPair(),
  },
): Promise<WalletStandIns> {
  const apiV3Key = randomBytes(16).toString('hex');
  const wechat = await new WechatPayStandIn({
    mchId: WALLET_IDS.mchId,
    serialNo: WALLET_IDS.serialNo,
    platformPublicKeyId: WALLET_IDS.platformPublicKeyId,
    merchantPublicKey: keys.merchant.publicKey,
    platformPrivateKey: keys.wechatPlatform.privateKey,
    apiV3Key,
  }).start();
  const alipay = await new AlipayStandIn({
    appId: WALLET_IDS.alipayAppId,
    sellerId: WALLET_IDS.alipaySellerId,
    appPublicKey: keys.merchant.publicKey,
    alipayPrivateKey: keys.alipayKeys.privateKey,
  }).start();
  return {
    ...keys,
    apiV3Key,
    wechat,
    alipay,
    stop: () => {
      wechat.stop();
      alipay.stop();
    },
  };
}
