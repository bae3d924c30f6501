import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { deriveSecretKey, signSdkRequest } from '@cloudphone/contracts/access-key';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';
import type { Duplex } from 'node:stream';
import { ADB_OPERATION_ACTIONS, type AdbOperation } from '@cloudphone/contracts/adb';
import { errorMessage, ERRORS, type ErrorKey } from '@cloudphone/contracts/errors';
import type { LightMyRequestResponse } from 'fastify';
import {
  LOCK_REFUSAL,
  lockRefusal,
  PHONE_ACTIONS,
  PHONE_ROLES,
  roleAllows,
  SDK_CALL_ACTIONS,
  STREAM_MESSAGE_ACTIONS,
  type PhoneAction,
  type PhoneRole,
} from '@cloudphone/contracts/phone-access';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import type { ClientMessage } from '@cloudphone/contracts/stream';
import * as schemas from '@cloudphone/contracts/endpoints/schemas';
import { SYNC_MAIN_UNNAMED } from '@cloudphone/contracts/sync';
import * as zod from 'zod';
import { asksOfLine, COMMAND_ASKS } from '@cloudphone/device-host/adb-commands';
import { catalogueEndpoints } from './helpers/catalogue';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { givePhones, OTHER_MOBILE, usePhoneApp } from './helpers/phones';

/** What one call of each phone endpoint sends for the phone `id` (and the caller's own template, for a clone). */
const SAMPLES: Record<string, (id: number, templateId: number) => { query?: string; payload?: object }> = {
  '/api/device/user/phone/rename': (id) => ({ payload: { userPhoneId: id, name: 'Renamed' } }),
  '/api/device/user/phone/reboot': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/device/user/phone/reset': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/device/user/phone/screenshot': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/device/user/phone/set-resolution': (id) => ({
    payload: { userPhoneId: id, width: 1080, height: 1920, dpi: 480 },
  }),
  '/api/device/user/phone/set-root': (id) => ({ payload: { userPhoneId: id, root: true } }),
  '/api/device/user/phone/status': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/device/user/phone/get-extend-batch': (id) => ({ query: `userPhoneIds=${id}` }),
  '/api/device/user/phone/set-group': (id) => ({ payload: { userPhoneIds: [id], groupId: 0 } }),
  '/api/device/user/phone/security-token': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/device/user/phone/security-token/batch': (id) => ({ payload: { userPhoneIds: [id] } }),
  '/api/device/user/phone/replace-preview': (id) => ({ payload: { userPhoneIds: [id], replaceType: 1 } }),
  '/api/device/user/phone/replace-submit': (id) => ({ payload: { userPhoneIds: [id], replaceType: 1 } }),
  '/api/device/user/phone/give-check': (id) => ({ payload: { userPhoneIds: [id], account: '13800000000' } }),
  '/api/device/user/phone/give': (id) => ({ payload: { userPhoneIds: [id], account: '13800000000' } }),
  '/api/device/phone-mock-model/current': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/device/phone-mock-model/mock': (id) => ({
    payload: { userPhoneId: id, manufacturer: 'Xiaomi', model: '23127PN0CC' },
  }),
  '/api/device/grant/create': (id) => ({ payload: { userPhoneId: id, days: 1, permission: 'view' } }),
  '/api/device/user/phone/new-machine': (id) => ({ payload: { userPhoneIds: [id] } }),
  '/api/device/template/create': (id) => ({ payload: { userPhoneId: id, name: 'Walked' } }),
  '/api/device/clone/create': (id, templateId) => ({ payload: { templateId, userPhoneIds: [id] } }),
  '/api/device/sync/create': (id) => ({ payload: { mainUserPhoneId: id, followerUserPhoneIds: [] } }),
  '/api/device/adb/enable': (id) => ({ payload: { userPhoneId: id } }),
  '/api/device/adb/disable': (id) => ({ payload: { userPhoneId: id } }),
  '/api/device/adb/get': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/files/push': (id) => ({ payload: { fileIds: [999_999], userPhoneIds: [id] } }),
  '/api/device/game/install': (id) => ({ payload: { gameId: 999_999, userPhoneIds: [id] } }),
  '/api/files/push/page': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/files/push/retry': (id) => ({ payload: { batchId: 'no-batch', userPhoneIds: [id] } }),
  '/api/device/sync/update': (id) => ({ payload: { syncId: `sync-${randomUUID()}`, add: [id] } }),
  '/api/trade/order/quote': (id) => ({ payload: { skuType: 'renew', packageId: 1, userPhoneIds: [id] } }),
  '/api/trade/order/create': (id) => ({ payload: { skuType: 'renew', packageId: 1, userPhoneIds: [id] } }),
  '/api/trade/order/upgrade-options': (id) => ({ query: `userPhoneId=${id}` }),
  '/api/promotion/activation-code/activate': (id) => ({
    payload: { codes: ['AAAAAAAAAAAA'], usage: 'renew', userPhoneIds: [id] },
  }),
};

/**
 * An ADB shell line or service for each command that can change a phone (issue 53): the walk runs
 * each on a busy phone, through the host's own daemon, and checks its verdict against the table.
 */
const ADB_SAMPLES: Record<string, AdbOperation> = {
  'input tap 10 10': 'input',
  'am start -n com.android.settings/.Settings': 'input',
  'am force-stop com.android.settings': 'input',
  'monkey -p com.android.settings 1': 'input',
  'settings put system screen_brightness 100': 'input',
  'setprop persist.walk 1': 'input',
  'cmd activity start -n com.android.settings/.Settings': 'input',
  'pm install /data/local/tmp/none.apk': 'write',
  'pm uninstall com.example.none': 'write',
  'pm clear com.android.settings': 'write',
  'mkdir /sdcard/walk': 'write',
  'rm -f /sdcard/walk.txt': 'write',
  'mv /sdcard/a.txt /sdcard/b.txt': 'write',
  'cp /sdcard/a.txt /sdcard/b.txt': 'write',
  'screencap /sdcard/walk.png': 'write',
  'echo walk > /sdcard/walk.txt': 'write',
  reboot: 'reboot',
  'pm list packages': 'read',
  'settings get system screen_brightness': 'read',
  'screencap -p': 'read',
};

/** adb's services that change a phone: a push (its SEND request) and a reboot. */
const ADB_SERVICES: Record<string, { asks: AdbOperation; request?: Buffer }> = {
  'sync:': { asks: 'write', request: syncSend('/sdcard/walk.bin') },
  'reboot:': { asks: 'reboot' },
};

/** What a shell line asks beyond reading: its command's, or a write where it redirects into a file. */
function askedBy(line: string): AdbOperation {
  const [asks = 'read', ...more] = asksOfLine(line).filter((operation) => operation !== 'read');
  expect(more, line).toEqual([]);
  return asks;
}

/** A sync SEND of four bytes, as adb push begins one, and its DONE. */
function syncSend(path: string): Buffer {
  const head = (id: string, length: number) => {
    const bytes = Buffer.alloc(8);
    bytes.write(id, 0, 'latin1');
    bytes.writeUInt32LE(length, 4);
    return bytes;
  };
  const spec = Buffer.from(`${path},33188`);
  return Buffer.concat([head('SEND', spec.length), spec, head('DATA', 4), Buffer.from('walk'), head('DONE', 0)]);
}

/** All a service says until it ends (or a moment passes): what adb would print. */
async function outputOf(stream: Duplex, request?: Buffer): Promise<string> {
  const said: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => said.push(chunk));
  if (request) stream.write(request);
  await Promise.race([
    new Promise((resolve) => stream.once('end', resolve).once('close', resolve)),
    new Promise((resolve) => setTimeout(resolve, 1_000)),
  ]);
  stream.destroy();
  return Buffer.concat(said).toString('latin1');
}

/**
 * The reply's verdict: its code, or — for the checks that answer per phone (replace preview, transfer
 * check) — the code of the message its phone was refused with.
 */
function refusalOf(reply: LightMyRequestResponse): number {
  const code = codeOf(reply);
  const item = code === 0 ? dataOf<{ list?: { reason?: string | null }[] } | null>(reply)?.list?.[0] : undefined;
  if (!item?.reason) return code;
  const key = (Object.keys(ERRORS) as ErrorKey[]).find((k) => ERRORS[k]['zh-CN'] === item.reason);
  return key ? ERRORS[key].code : code;
}

/** What a refusal by role looks like; anything else means the call got past the access table. */
const ROLE_REFUSALS = [ERRORS.forbidden.code, ERRORS.authorizedDeviceRestricted.code];

let endpoints: Endpoint[];
let phoneEndpoints: Endpoint[];
beforeAll(async () => {
  endpoints = await catalogueEndpoints();
  phoneEndpoints = endpoints.filter((e) => e.phone);
});

/** The fields of an entry's query and body that name phones (`userPhoneId`, `followerUserPhoneIds`…). */
function phoneFieldsOf(endpoint: Endpoint): string[] {
  return [endpoint.query, endpoint.body].flatMap((pick) => {
    if (!pick) return [];
    const json = zod.toJSONSchema(pick(schemas, zod), { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {}).filter((field) => /userPhoneIds?$/i.test(field) || field === 'add');
  });
}

describeEachDatabase('the access table (DESIGN §10)', (open) => {
  const t = usePhoneApp(open);

  /** A phone of the demo user, online, held by the other user as `role` (or by its owner). */
  async function phoneHeldAs(role: PhoneRole): Promise<{ id: number; token: string }> {
    const [phone] = await givePhones(t, t.me, 1, 30);
    if (role !== 'owner') await t.app.services.phoneGrants.grant(t.me.userId, phone!.id, t.other.userId, role, 10);
    return { id: phone!.id, token: role === 'owner' ? t.me.token : t.other.token };
  }

  /** A ready template of the caller's own phone: a clone's target is what the walk checks. */
  async function templateOf(userId: number, tenantId: number): Promise<number> {
    const [source] = await givePhones(t, { tenantId, userId, token: '' }, 1, 30);
    const now = t.clock.now();
    const template = await t.app.repos.templates.create({
      tenantId,
      userId,
      name: 'Walk',
      userPhoneId: source!.id,
      deviceHostId: source!.deviceHostId,
      instanceNo: source!.instanceNo,
      snapshotId: `tpl-${randomUUID().slice(0, 16)}`,
      taskId: randomUUID(),
      android: '14',
      state: 'ready',
      createdAt: now,
      expireAt: now + 86_400_000,
    });
    return template.id;
  }

  it('lets only the owner have ADB, and lets the owner do every ADB operation behind it', () => {
    for (const role of PHONE_ROLES) expect(roleAllows(role, 'adb'), role).toBe(role === 'owner');
    for (const action of Object.values(ADB_OPERATION_ACTIONS)) expect(roleAllows('owner', action), action).toBe(true);
  });

  it('names an action of the table on every call that names a phone', () => {
    // A call that takes a phone id and names no action would reach its service with no gate. The
    // phone list only narrows what the caller holds by ids: it asks nothing of a phone.
    for (const endpoint of endpoints)
      if (phoneFieldsOf(endpoint).length > 0 && endpoint.path !== '/api/device/user/phone/list')
        expect(endpoint.phone, `${endpoint.path} takes ${phoneFieldsOf(endpoint).join(', ')}`).toBeDefined();
    for (const endpoint of phoneEndpoints) expect(PHONE_ACTIONS).toHaveProperty(endpoint.phone!);
    expect(Object.keys(SAMPLES).sort()).toEqual(phoneEndpoints.map((e) => e.path).sort());
  });

  for (const role of PHONE_ROLES)
    it(`lets a${role === 'owner' ? 'n' : ''} ${role} holder make exactly the REST calls the table allows`, async () => {
      const templateId = await templateOf(role === 'owner' ? t.me.userId : t.other.userId, t.me.tenantId);
      for (const endpoint of phoneEndpoints) {
        const { id, token } = await phoneHeldAs(role);
        t.clock.advance(4_000); // past booting
        const sample = SAMPLES[endpoint.path]!(id, templateId);
        const url = sample.query ? `${endpoint.path}?${sample.query}` : endpoint.path;
        const reply = await t.call(endpoint.method, url, { token, payload: sample.payload });
        const code = refusalOf(reply);
        const what = `${role} ${endpoint.method} ${endpoint.path} (${endpoint.phone}) answered ${code}`;
        expect(code, what).not.toBe(ERRORS.phoneNotFound.code);
        if (roleAllows(role, endpoint.phone!)) expect(ROLE_REFUSALS, what).not.toContain(code);
        else expect(ROLE_REFUSALS, what).toContain(code);
        // Power operations of one phone are spaced out (spec §8); the next call's phone is its own, and
        // the grantee holds at most 20 phones.
        t.clock.advance(11_000);
        await t.app.repos.phoneGrants.revokeAllOf([id], t.clock.now());
      }
    });

  it('lets each holder make exactly the SDK calls and stream messages the table allows', async () => {
    for (const role of PHONE_ROLES) {
      const { id, token } = await phoneHeldAs(role);
      t.clock.advance(4_000);
      const key = dataOf<SecurityToken>(
        await t.call('POST', `/api/device/user/phone/security-token?userPhoneId=${id}`, { token }),
      );
      for (const [path, action] of Object.entries(SDK_CALL_ACTIONS)) {
        const body = JSON.stringify(path.endsWith('task-result') ? { taskId: 'none' } : { instanceNo: key.instanceNo });
        const time = String(t.clock.now());
        const secret = deriveSecretKey(t.host.options.hostKey, key.accessKey);
        const reply = await t.app.inject({
          method: 'POST',
          url: `/sdk${path}`,
          payload: body,
          headers: {
            'content-type': 'application/json',
            [SdkHeader.accessKey]: key.accessKey,
            [SdkHeader.requestTime]: time,
            [SdkHeader.signature]: signSdkRequest(secret, 'POST', `/sdk${path}`, time, body),
          },
        });
        const code = codeOf(reply);
        const what = `${role} SDK ${path} (${action}) answered ${code}`;
        if (roleAllows(role, action)) expect(ROLE_REFUSALS, what).not.toContain(code);
        else expect(ROLE_REFUSALS, what).toContain(code);
        t.clock.advance(11_000);
      }
      // The host's one input path reads the same table for every stream message (a phone of its own:
      // the SDK's reset above locks this one).
      const fresh = await phoneHeldAs(role);
      const instanceNo = (await t.app.repos.userPhones.findById(fresh.id))!.instanceNo;
      const source = { role };
      for (const [type, action] of Object.entries(STREAM_MESSAGE_ACTIONS) as [ClientMessage['type'], PhoneAction][]) {
        const refused = t.host.input.refusal(instanceNo, source, action);
        expect(refused === null, `${role} stream ${type}`).toBe(roleAllows(role, action));
      }
    }
  });

  it('lets the owner run exactly the ADB commands and services the table and the phone’s locks allow', async () => {
    const samples = Object.keys(ADB_SAMPLES).map((line) => line.split(' ')[0]!);
    // Every command that can change a phone is walked (those that only read are never refused).
    for (const [name, asks] of Object.entries(COMMAND_ASKS))
      if (asks !== 'read') expect(samples, `${name} has a sample`).toContain(name);
    const busy = {
      cloning: { kind: 'cloning', holder: 'clone:1' },
      syncing: { kind: 'syncing', holder: 'sync-walk' },
    } as const;
    for (const [lockName, lock] of Object.entries(busy)) {
      const [phone] = await givePhones(t, t.me, 1, 30);
      t.clock.advance(4_000);
      const locks = [{ ...lock, expiresAt: t.clock.now() + 600_000 }];
      const sync = lock.kind === 'syncing' ? { syncId: lock.holder, main: false, paused: false, peers: [] } : undefined;
      t.host.applyPhoneStates([{ instanceNo: phone!.instanceNo, version: 1, locks, ...(sync && { sync }) }]);
      const daemon = t.host.fleet.adb(phone!.instanceNo)!;
      const walked: { service: string; asks: AdbOperation; line?: string; request?: Buffer }[] = [
        ...Object.entries(ADB_SAMPLES).map(([line, asks]) => ({ service: `shell:${line}`, asks, line })),
        ...Object.entries(ADB_SERVICES).map(([service, { asks, request }]) => ({ service, asks, request })),
      ];
      for (const { service, asks, line, request } of walked) {
        // The daemon's table says what the sample asks, as this walk expects it.
        if (line) expect(askedBy(line), line).toBe(asks);
        const refusal = lockRefusal(ADB_OPERATION_ACTIONS[asks], locks);
        const what = `${service} (${asks}) on a phone ${lockName}`;
        const opened = await daemon.open(service, { connection: 'walk' });
        if (service === 'reboot:') {
          expect(opened === null, what).toBe(refusal !== null);
          continue;
        }
        const said = await outputOf(opened!, request);
        // A follower (this phone follows the session's main) is told so, naming its main as ADB can (issue 54).
        const told = refusal === 'deviceInSync' && sync ? 'syncFollowing' : refusal;
        if (told) expect(said, what).toContain(errorMessage(told, 'en-US', SYNC_MAIN_UNNAMED['en-US']));
        else expect(said, what).not.toContain(errorMessage(LOCK_REFUSAL[lock.kind], 'en-US'));
      }
    }
  });

  it('refuses a trial phone its privileges until renewed', async () => {
    const [trial] = await givePhones(t, t.me, 1, 1, true);
    t.clock.advance(4_000);
    const grant = await t.call('POST', '/api/device/grant/create', {
      payload: { userPhoneId: trial!.id, account: OTHER_MOBILE, days: 1, permission: 'view' },
    });
    expect(codeOf(grant)).toBe(ERRORS.trialNeedsRenewal.code);
    const template = await t.call('POST', '/api/device/template/create', {
      payload: { userPhoneId: trial!.id, name: 'Trial' },
    });
    expect(codeOf(template)).toBe(ERRORS.trialNeedsRenewal.code);
    // What is not a privilege stays: its owner still restarts it.
    expect(codeOf(await t.call('PUT', `/api/device/user/phone/reboot?userPhoneId=${trial!.id}`))).toBe(0);
  });
});
