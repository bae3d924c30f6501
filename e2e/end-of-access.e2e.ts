import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { ERRORS } from '@cloudphone/contracts/errors';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { SdkHeader, type SecurityToken } from '@cloudphone/contracts/sdk';
import { apiClient, buyStandardPhone, type ApiClient } from './support/api';
import { startServer, type ServerProcess } from './support/stack';

/** A signed SDK reboot with the token's keys (DESIGN §4); the host's answer code. */
async function sdkReboot(token: SecurityToken): Promise<number> {
  const path = '/sdk/instance/reboot';
  const body = JSON.stringify({ instanceNo: token.instanceNo });
  const time = String(Date.now());
  const reply = await fetch(`${token.sdkUrl}/instance/reboot`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SdkHeader.accessKey]: token.accessKey,
      [SdkHeader.requestTime]: time,
      [SdkHeader.signature]: signSdkRequest(token.secretKey, 'POST', path, time, body),
    },
    body,
  });
  return ((await reply.json()) as { code: number }).code;
}

describe('the end of access, across processes', () => {
  let server: ServerProcess;
  let api: ApiClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-access-'));
  beforeAll(async () => {
    server = await startServer(dataDir);
    api = await apiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes the open stream and refuses the SDK within 2 s of a refund made with the admin CLI', async () => {
    const { orderNo, userPhoneIds } = await buyStandardPhone(api.call);
    const [userPhoneId] = userPhoneIds;
    const token = (await api.call(userPhone.securityToken, { query: { userPhoneId } })).data;

    const socket = new WebSocket(`${token.streamUrl}&codec=jpeg`);
    const messages: { type: string; reason?: string }[] = [];
    socket.on('message', (data, binary) => {
      if (!binary) messages.push(JSON.parse(data.toString()) as { type: string });
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('message', resolve));

    await server.admin('order:refund', '--order-no', orderNo);
    const refundedAt = Date.now();
    await closed;
    expect(Date.now() - refundedAt).toBeLessThan(2_000);
    expect(messages).toContainEqual({ type: 'closed', reason: 'revoked' });
    expect(await sdkReboot(token)).toBe(ERRORS.forbidden.code);
  });
});
