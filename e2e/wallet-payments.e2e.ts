import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { WechatPayStandIn } from '@cloudphone/server/test/helpers/wechat-pay-stand-in';
import { AlipayStandIn } from '@cloudphone/server/test/helpers/alipay-stand-in';
import { useBrowser } from './support/browser';
import { asUser, newMobile, requestLoginCode, submitCode } from './support/accounts';
import { startServer, type ServerProcess } from './support/stack';

const { openPage } = useBrowser();

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * Buying with the real wallets' protocols (issue 25): the server talks to a local stand-in of each
 * wallet's API, set up with the admin CLI as a merchant would, and the stand-in "pays" as the
 * customer's scan would — then posts its signed notice to the server, as the wallet does.
 */
describe('buying a phone with a wallet’s QR code', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-wallets-'));
  const merchant = keyPair();
  const wechatPlatform = keyPair();
  const alipayKeys = keyPair();
  const apiV3Key = randomBytes(16).toString('hex');
  let server: ServerProcess;
  let wechat: WechatPayStandIn;
  let alipay: AlipayStandIn;
  let page: Page;

  beforeAll(async () => {
    server = await startServer(dataDir);
    wechat = await new WechatPayStandIn({
      mchId: '1900000001',
      serialNo: 'MERCHANT-SERIAL',
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: wechatPlatform.privateKey,
      apiV3Key,
    }).start();
    alipay = await new AlipayStandIn({
      appId: '2021000000000001',
      appPublicKey: merchant.publicKey,
      alipayPrivateKey: alipayKeys.privateKey,
    }).start();
    const file = (name: string, text: string) => {
      writeFileSync(join(dataDir, name), text);
      return join(dataDir, name);
    };
    const merchantKey = file('merchant.pem', merchant.privateKey);
    const shown = await server.admin(
      ...['pay:wechat', '--client-no', 'demo', '--mch-id', '1900000001', '--app-id', 'wx0000000000000001'],
      ...['--serial-no', 'MERCHANT-SERIAL', '--private-key-file', merchantKey, '--api-v3-key', apiV3Key],
      ...['--platform-public-key-file', file('wechat-platform.pem', wechatPlatform.publicKey), '--api', wechat.url],
    );
    await server.admin(
      ...['pay:alipay', '--client-no', 'demo', '--app-id', '2021000000000001', '--private-key-file', merchantKey],
      ...['--alipay-public-key-file', file('alipay-public.pem', alipayKeys.publicKey), '--gateway', alipay.gateway],
    );
    // The secrets stay out of what the CLI prints.
    expect(shown).not.toContain(apiV3Key);
    expect(shown).not.toContain('PRIVATE KEY');
    // A new customer: no coupon changes the price.
    page = await openPage(`${server.baseUrl}/app/login/demo`);
    await submitCode(page, await requestLoginCode(page, server.baseUrl, newMobile()));
    await page.waitForURL('**/app/demo');
  }, 60_000);

  afterAll(async () => {
    wechat?.stop();
    alipay?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const phoneCount = async () =>
    (await asUser(page, server.baseUrl, userPhone.list, { pageSize: 100 })).data.total as number;

  /** Buys a Standard 1-day phone with `wallet`: the QR code shows, the stand-in pays, the phone arrives. */
  async function buyWith(wallet: 'WeChat Pay' | 'Alipay', pay: (orderNo: string) => Promise<{ status: number }>) {
    const before = await phoneCount();
    await page.goto(`${server.baseUrl}/app/add-phone/demo`);
    await page.getByRole('radio', { name: /^Standard/ }).click();
    await page.getByRole('radio', { name: /^1 day\s*¥/ }).click();
    await expect.poll(() => page.getByTestId('pay-price').textContent(), { timeout: 10_000 }).toBe('¥1.20');
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL('**/app/payment/demo?orderNo=*');
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    await page.locator('.cp-pay-method').filter({ hasText: wallet }).click();
    await page.getByRole('button', { name: 'Pay ¥1.20' }).click();

    await page.getByText(`Scan with ${wallet} to pay`).waitFor();
    expect((await pay(orderNo)).status).toBeLessThan(300);

    // The page sees the order paid by itself, and the new phone arrives.
    await page.waitForURL('**/app/pay-result/demo?orderNo=*', { timeout: 15_000 });
    await page.getByText('Payment successful').waitFor();
    await expect.poll(phoneCount, { timeout: 15_000 }).toBe(before + 1);
  }

  it('pays with WeChat Pay’s Native QR code', async () => {
    await buyWith('WeChat Pay', (orderNo) => wechat.payAndNotify(orderNo));
    expect(wechat.refused).toEqual([]);
  }, 60_000);

  it('pays with Alipay’s QR code', async () => {
    await buyWith('Alipay', (orderNo) => alipay.payAndNotify(orderNo));
    expect(alipay.refused).toEqual([]);
  }, 60_000);
});
