import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { startWalletStandIns, WALLET_IDS, type WalletStandIns } from '@cloudphone/server/test/helpers/wallet-stand-ins';
import { useBrowser } from './support/browser';
import { asUser, newMobile, requestLoginCode, submitCode } from './support/accounts';
import { startServer, type ServerProcess } from './support/stack';

const { openPage } = useBrowser();

/**
 * Buying with the real wallets' protocols (issue 25): the server talks to a local stand-in of each
 * wallet's API, set up with the admin CLI as a merchant would, and the stand-in "pays" as the
 * customer's scan would — then posts its signed notice to the server, as the wallet does.
 */
describe('buying a phone with a wallet’s QR code', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-wallets-'));
  let server: ServerProcess;
  let wallets: WalletStandIns;
  let page: Page;

  beforeAll(async () => {
    server = await startServer(dataDir);
    wallets = await startWalletStandIns();
    const { merchant, wechatPlatform, alipayKeys, apiV3Key, wechat, alipay } = wallets;
    const file = (name: string, text: string) => {
      writeFileSync(join(dataDir, name), text);
      return join(dataDir, name);
    };
    const merchantKey = file('merchant.pem', merchant.privateKey);
    const shown = await server.admin(
      ...['pay:wechat', '--client-no', 'demo', '--mch-id', WALLET_IDS.mchId, '--app-id', WALLET_IDS.wechatAppId],
      ...['--serial-no', WALLET_IDS.serialNo, '--private-key-file', merchantKey, '--api-v3-key', apiV3Key],
      ...['--platform-public-key-file', file('wechat-platform.pem', wechatPlatform.publicKey), '--api', wechat.url],
      ...['--platform-public-key-id', WALLET_IDS.platformPublicKeyId],
    );
    await server.admin(
      ...['pay:alipay', '--client-no', 'demo', '--app-id', WALLET_IDS.alipayAppId, '--private-key-file', merchantKey],
      ...['--alipay-public-key-file', file('alipay-public.pem', alipayKeys.publicKey), '--gateway', alipay.gateway],
      ...['--seller-id', WALLET_IDS.alipaySellerId],
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
    wallets?.stop();
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
    await buyWith('WeChat Pay', (orderNo) => wallets.wechat.payAndNotify(orderNo));
    expect(wallets.wechat.refused).toEqual([]);
  }, 60_000);

  it('pays with Alipay’s QR code', async () => {
    await buyWith('Alipay', (orderNo) => wallets.alipay.payAndNotify(orderNo));
    expect(wallets.alipay.refused).toEqual([]);
  }, 60_000);

  it('pays with a QR code on the desktop, at 1440 × 900, and the phone shows in its list', async () => {
    const before = await phoneCount();
    // The desktop UI in the same browser: the same session.
    const desk = await page.context().newPage();
    await desk.setViewportSize({ width: 1440, height: 900 });
    desk.setDefaultTimeout(20_000);
    await desk.goto(`${server.baseUrl}/desktop/demo`);
    await desk.locator('.ant-menu').getByText('Buy phones', { exact: true }).click();
    // antd's radio cards: the card is what a user clicks.
    await desk
      .locator('.cp-desk-option')
      .filter({ hasText: /^Standard/ })
      .click();
    await desk
      .locator('.cp-desk-option')
      .filter({ hasText: /^1 day\s*¥/ })
      .click();
    await expect.poll(() => desk.getByTestId('desk-pay-price').textContent(), { timeout: 10_000 }).toBe('¥1.20');
    await desk.getByTestId('desk-checkout-submit').click();
    await desk.getByRole('radio', { name: 'WeChat Pay' }).click();
    await desk.getByTestId('desk-pay-submit').click();
    const qr = desk.getByTestId('desk-pay-qr');
    await qr.locator('canvas, svg').first().waitFor();
    expect((await wallets.wechat.payAndNotify((await qr.getAttribute('data-order-no'))!)).status).toBeLessThan(300);

    // The dialog sees the order paid by itself; the new phone is in the desktop's list.
    await desk.locator('[data-testid="desk-pay-result"][data-result="success"]').waitFor({ timeout: 15_000 });
    await expect.poll(phoneCount, { timeout: 15_000 }).toBe(before + 1);
    await desk.waitForURL('**/desktop/demo', { timeout: 15_000 });
    await expect.poll(() => desk.getByTestId('desk-phone').count(), { timeout: 15_000 }).toBe(before + 1);
    await desk.close();
  }, 60_000);
});
