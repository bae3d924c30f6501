import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import { AUTH, USER, useAccountsApp } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { envelope } from './helpers/requests';

const INVALID = { code: 1001, msg: ERRORS.invalidParameter['zh-CN'] };

/** Values no column can hold are invalid parameters (1001), never a database fault (HTTP 500). */
describeEachDatabase('bad input', (open) => {
  const t = useAccountsApp(open);

  it('refuses a NUL byte in a string, also on calls that need no login', async () => {
    const secure = await t.app.inject({ url: '/api/merchant/client/get-client-secure-data?clientNo=demo%00' });
    expect(envelope(secure)).toMatchObject(INVALID);
    const about = await t.app.inject({ url: '/api/merchant/client/get-about-app?clientNo=%00' });
    expect(envelope(about)).toMatchObject(INVALID);
    const { accessToken: token } = await t.api.loginOk();
    const rename = await t.api.call('PUT', '/api/device/user/phone/rename', {
      token,
      payload: { userPhoneId: 1, name: 'my\u0000phone' },
    });
    expect(envelope(rename)).toMatchObject({ code: 1001, msg: ERRORS.nameInvalid['zh-CN'] });
  });

  it('refuses a control character in any name: a phone’s, a group’s, a nickname, a template’s', async () => {
    const { accessToken: token } = await t.api.loginOk();
    for (const name of ['tab\there', 'two\nlines', 'esc\u001b[0m', 'del\u007f']) {
      const calls = [
        t.api.call('PUT', '/api/device/user/phone/rename', { token, payload: { userPhoneId: 1, name } }),
        t.api.call('POST', '/api/device/phone-group/create', { token, payload: { groupName: name } }),
        t.api.call('PUT', `${USER}/update`, { token, payload: { nickname: name } }),
        t.api.call('POST', '/api/device/template/create', { token, payload: { userPhoneId: 1, name } }),
      ];
      for (const reply of await Promise.all(calls))
        expect(envelope(reply), JSON.stringify(name)).toMatchObject({ code: 1001, msg: ERRORS.nameInvalid['zh-CN'] });
    }
  });

  it('answers a database fault as a system exception, never in the database’s own words', async () => {
    const { accessToken: token } = await t.api.loginOk();
    await t.app.db.schema.dropTable('phone_group').execute();
    const reply = await t.api.call('GET', '/api/device/phone-group/simple-list', { token });
    expect(reply.statusCode).toBe(500);
    expect(JSON.parse(reply.body)).toEqual({
      code: ERRORS.systemException.code,
      msg: ERRORS.systemException['zh-CN'],
      data: null,
    });
    expect(reply.body).not.toMatch(/phone_group|relation|table|SQL/i);
  });

  it('refuses ids past 2^31 and page numbers past any list', async () => {
    const { accessToken: token } = await t.api.loginOk();
    for (const url of [
      '/api/device/user/phone/status?userPhoneId=2147483648',
      '/api/device/user/phone/list?groupId=9007199254740991',
      '/api/device/user/phone/list?pageNo=9007199254740991',
      '/api/cms/advertisement/list?adPosition=2147483648',
    ])
      expect(envelope(await t.api.call('GET', url, { token })), url).toMatchObject(INVALID);
    const signOut = await t.api.call('PUT', `${USER}/login-device/sign-out`, {
      token,
      payload: { sessionId: 2 ** 53 - 1 },
    });
    expect(envelope(signOut)).toMatchObject(INVALID);
  });

  it('refuses tenant and client ids past 2^31 as a tenant mismatch', async () => {
    const reply = await t.app.inject({
      url: '/api/device/grade/list',
      headers: { 'tenant-id': '1', 'client-id': '99999999999' },
    });
    expect(envelope(reply).code).toBe(ERRORS.tenantMismatch.code);
  });

  it('refuses a profile update that changes nothing', async () => {
    const { accessToken: token } = await t.api.loginOk();
    expect(envelope(await t.api.call('PUT', `${USER}/update`, { token, payload: {} }))).toMatchObject(INVALID);
  });

  it('describes the envelope and every refusal code in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      components: { schemas: Record<string, { properties: { code: { enum?: number[] } } }> };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const refusalCodes = document.components.schemas.Refusal?.properties.code.enum;
    expect(refusalCodes).toEqual(expect.arrayContaining([400, 401, 403, 429, 1001, ERRORS.loginFailed.code]));
    expect(refusalCodes).not.toContain(0);
    expect(document.paths[`${AUTH}/login`]?.post?.responses).toMatchObject({
      200: {
        content: {
          'application/json': {
            schema: { oneOf: [{ properties: { code: { const: 0 } } }, { $ref: '#/components/schemas/Refusal' }] },
          },
        },
      },
      500: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ServerFault' } } } },
    });
  });
});
