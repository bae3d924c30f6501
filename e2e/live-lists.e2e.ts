import { describe, expect, inject, it } from 'vitest';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import { apiClient } from './support/api';
import { logInByPassword } from './support/accounts';
import { useBrowser } from './support/browser';

const { baseUrl, openPage } = useBrowser();

/** Pages that follow the live channel, never polling (issue 21: one task model). */
describe('lists that follow the live channel', () => {
  const owner = inject('liveOwner');
  const logIn = async () => {
    const page = await openPage('/app/login/demo');
    page.setDefaultTimeout(15_000);
    await logInByPassword(page, owner.mobile, owner.password);
    await page.waitForURL('**/app/demo');
    return page;
  };

  it('shows the phone resetting in the list, without a reload, when its owner resets it through the SDK', async () => {
    const page = await logIn();
    const card = page.getByTestId('phone-card').filter({ hasText: 'Cloud phone 1' });
    await card.getByText('Online').waitFor();
    const api = await apiClient(baseUrl, owner);
    const token = (await api.call(userPhone.securityToken, { query: { userPhoneId: owner.userPhoneIds[0] } })).data;
    const body = JSON.stringify({ instanceNo: token.instanceNo });
    const time = String(Date.now());
    const reply = await fetch(`${token.sdkUrl}/instance/reset`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [SdkHeader.accessKey]: token.accessKey,
        [SdkHeader.requestTime]: time,
        [SdkHeader.signature]: signSdkRequest(token.secretKey, 'POST', '/sdk/instance/reset', time, body),
      },
    });
    expect(((await reply.json()) as { code: number }).code).toBe(0);
    await card.getByText('Resetting').waitFor({ timeout: 5_000 });
    // And back, when the host says the reset is done.
    await card.getByText('Online').waitFor({ timeout: 15_000 });
  });

  it('turns a transfer’s record successful on the records page, without a reload', async () => {
    const page = await logIn();
    await page.goto('/app/transfer-list/demo');
    const api = await apiClient(baseUrl, owner);
    const given = await api.call(userPhone.give, {
      body: { userPhoneIds: [owner.userPhoneIds[1]!], account: inject('liveReceiver').mobile },
    });
    expect(given.code).toBe(0);
    await page.getByText('Successful').waitFor({ timeout: 10_000 });
  });
});
