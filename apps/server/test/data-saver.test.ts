import { expect, it } from 'vitest';
import { readAccessKey } from '@cloudphone/contracts/access-key';
import type { DataSaver } from '@cloudphone/contracts/auth';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

const DATA_SAVER = '/api/merchant/user/data-saver';

describeEachDatabase('the data saver (issue 58)', (open) => {
  const t = usePhoneApp(open);

  const dataSaver = async (token: string) => dataOf<DataSaver>(await t.call('GET', DATA_SAVER, { token }));
  const keep = (token: string, maxKbps: number | null) => t.call('PUT', DATA_SAVER, { token, payload: { maxKbps } });

  it('gives a new account its tenant default, and each account only its own choice', async () => {
    expect(await dataSaver(t.me.token)).toEqual({ maxKbps: null, tenantDefault: true });
    await t.app.repos.config.setTenantValue(t.me.tenantId, 'stream.data.saver.kbps', '1024');
    expect(await dataSaver(t.other.token)).toEqual({ maxKbps: 1024, tenantDefault: true });

    expect(dataOf<DataSaver>(await keep(t.me.token, 512))).toEqual({ maxKbps: 512, tenantDefault: false });
    expect(await dataSaver(t.me.token)).toEqual({ maxKbps: 512, tenantDefault: false });
    expect(await dataSaver(t.other.token)).toEqual({ maxKbps: 1024, tenantDefault: true });
    // None is a choice too: the tenant's default no longer applies to this account.
    await keep(t.other.token, null);
    expect(await dataSaver(t.other.token)).toEqual({ maxKbps: null, tenantDefault: false });
    expect(await dataSaver(t.me.token)).toEqual({ maxKbps: 512, tenantDefault: false });
  });

  it('refuses a saver under 128 kbps, and one asked without signing in', async () => {
    expect(codeOf(await keep(t.me.token, 64))).toBe(1001);
    expect(await dataSaver(t.me.token)).toEqual({ maxKbps: null, tenantDefault: true });
    expect(codeOf(await t.call('GET', DATA_SAVER, { token: 'nobody' }))).not.toBe(0);
  });

  it('signs the saver into the phone’s access key, where the host keeps "auto" under it', async () => {
    await keep(t.me.token, 512);
    const [id] = await myPhoneIds(t);
    const token = dataOf<SecurityToken>(await t.call('POST', `${PHONE}/security-token?userPhoneId=${id!}`));
    expect(readAccessKey(t.host.options.hostKey, token.accessKey)).toMatchObject({ b: 512 });
  });
});
