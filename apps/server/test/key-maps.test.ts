import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { ERRORS, errorMessage } from '@cloudphone/contracts/errors';
import {
  KEY_MAP_MAX_CONTROLS,
  KEY_MAPS_PER_ACCOUNT,
  type KeyMap,
  type KeyMapReply,
} from '@cloudphone/contracts/key-maps';
import { describeEachDatabase } from './helpers/databases';
import { signedInOperator } from './helpers/operators';
import { usePhoneApp } from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';

const GAME = 'com.cloudphone.idlegame';
const KEY_MAP = '/api/device/key-map';
const MINE: KeyMap = {
  toggleKey: 'Backquote',
  controls: [
    { kind: 'tap', key: 'J', x: 0.5, y: 0.6 },
    { kind: 'joystick', keys: { up: 'W', left: 'A', down: 'S', right: 'D' }, x: 0.5, y: 0.85, radius: 0.1 },
  ],
};

/**
 * Key maps (issue 65): a user's own per package, never another account's; a merchant's default for a
 * game, which a user plays until they change it into a copy of their own; every rule of the map refused
 * with its catalogue message.
 */
describeEachDatabase('key maps (issue 65)', (open) => {
  const t = usePhoneApp(open);
  const save = (map: KeyMap, token = t.me.token, packageName = GAME) =>
    t.call('PUT', `${KEY_MAP}/save`, { token, payload: { packageName, keyMap: map } });
  const get = async (token = t.me.token, packageName = GAME) =>
    dataOf<KeyMapReply>(await t.call('GET', `${KEY_MAP}/get?packageName=${packageName}`, { token }));

  it('keeps a map per account and package; another account neither reads nor changes it', async () => {
    expect(await get()).toEqual({ source: 'none', keyMap: null });
    expect(codeOf(await save(MINE))).toBe(0);
    expect(await get()).toEqual({ source: 'own', keyMap: MINE });
    expect(await get(t.me.token, 'com.example.other')).toEqual({ source: 'none', keyMap: null });
    // The other account has none, and its own save and delete leave mine as it was.
    expect(await get(t.other.token)).toEqual({ source: 'none', keyMap: null });
    const theirs: KeyMap = { toggleKey: 'F1', controls: [{ kind: 'hold', key: 'K', x: 0.1, y: 0.1 }] };
    expect(codeOf(await save(theirs, t.other.token))).toBe(0);
    await t.call('DELETE', `${KEY_MAP}/delete?packageName=${GAME}`, { token: t.other.token });
    expect(await get()).toEqual({ source: 'own', keyMap: MINE });
    expect(codeOf(await t.call('GET', `${KEY_MAP}/get?packageName=${GAME}`, { token: 'not-a-token' }))).not.toBe(0);
  });

  it('refuses a control outside the screen, a reserved or twice-bound key, and too many controls, in the catalogue’s words', async () => {
    const refusal = async (map: KeyMap) => {
      const reply = await save(map);
      return { code: codeOf(reply), msg: (reply.json() as { msg: string }).msg };
    };
    const control = (x: number, key = 'J') => ({ kind: 'tap' as const, key, x, y: 0.5 });
    expect(await refusal({ toggleKey: 'F2', controls: [control(1.2)] })).toEqual({
      code: ERRORS.keyMapOutsideScreen.code,
      msg: errorMessage('keyMapOutsideScreen', 'zh-CN', 1),
    });
    // A joystick whose reach leaves the screen is outside it too.
    const joystick = { ...MINE.controls[1]!, y: 0.95 };
    expect((await refusal({ toggleKey: 'F2', controls: [joystick] })).code).toBe(ERRORS.keyMapOutsideScreen.code);
    expect((await refusal({ toggleKey: 'F2', controls: [control(0.5, 'Escape')] })).code).toBe(
      ERRORS.keyMapKeyReserved.code,
    );
    expect((await refusal({ toggleKey: 'J', controls: [control(0.5)] })).code).toBe(ERRORS.keyMapKeyTaken.code);
    const many = Array.from({ length: KEY_MAP_MAX_CONTROLS + 1 }, (_, i) => control(0.5, String.fromCharCode(65 + i)));
    expect(await refusal({ toggleKey: 'F2', controls: many })).toEqual({
      code: ERRORS.keyMapTooManyControls.code,
      msg: errorMessage('keyMapTooManyControls', 'zh-CN', KEY_MAP_MAX_CONTROLS),
    });
    // Nothing refused was kept.
    expect(await get()).toEqual({ source: 'none', keyMap: null });
  });

  it('keeps at most KEY_MAPS_PER_ACCOUNT maps an account, exactly, when several are saved at once', async () => {
    for (let i = 0; i < KEY_MAPS_PER_ACCOUNT - 1; i++)
      await t.app.repos.keyMaps.keep(t.me.userId, `com.example.game${i}`, MINE, t.clock.now(), KEY_MAPS_PER_ACCOUNT);
    const saves = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => save(MINE, t.me.token, `com.example.last.${name}`)),
    );
    expect(saves.map(codeOf).sort()).toEqual([0, ...Array(3).fill(ERRORS.keyMapsFull.code)]);
    // A map changed in place is no new one.
    expect(codeOf(await save(MINE, t.me.token, 'com.example.game0'))).toBe(0);
  });

  it('gives a user with no map the merchant’s default; a change makes the user’s copy, and dropping it brings the default back', async () => {
    const ops = await signedInOperator(t.app, t.me.tenantId, 'operations', { now: t.clock.now() });
    const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${ops}` } });
    const clients = dataOf<{ clientId: number; clientNo: string }[]>(await admin('GET', '/api/admin/session/clients'));
    const clientId = clients.find((c) => c.clientNo === 'demo')!.clientId;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/discover/games/upload?clientId=${clientId}&fileName=gold-miner.apk`,
      payload: readFileSync(GOLD_MINER_APK),
      headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/vnd.android.package-archive' },
    });
    const game = dataOf<{ id: number; packageName: string }>(upload);
    const shipped = await admin('PUT', '/api/admin/discover/games/key-map', { clientId, id: game.id, keyMap: MINE });
    expect(codeOf(shipped)).toBe(0);
    // Support reads the default; only operations and the owner ship one.
    const support = await signedInOperator(t.app, t.me.tenantId, 'support', { now: t.clock.now() });
    const asSupport = (method: 'GET' | 'PUT', payload?: object) =>
      t.app.inject({
        method,
        url: `/api/admin/discover/games/key-map${method === 'GET' ? `?clientId=${clientId}&id=${game.id}` : ''}`,
        payload,
        headers: { authorization: `Bearer ${support}` },
      });
    expect(dataOf(await asSupport('GET'))).toEqual(MINE);
    expect(codeOf(await asSupport('PUT', { clientId, id: game.id, keyMap: null }))).toBe(
      ERRORS.operatorRoleForbidden.code,
    );
    const bad = await admin('PUT', '/api/admin/discover/games/key-map', {
      clientId,
      id: game.id,
      keyMap: { toggleKey: 'Tab', controls: [] },
    });
    expect(codeOf(bad)).toBe(ERRORS.keyMapKeyReserved.code);

    expect(await get(t.me.token, game.packageName)).toEqual({ source: 'default', keyMap: MINE });
    expect(await get(t.other.token, game.packageName)).toEqual({ source: 'default', keyMap: MINE });
    const changed: KeyMap = { ...MINE, controls: [{ kind: 'tap', key: 'K', x: 0.5, y: 0.6 }] };
    expect(codeOf(await save(changed, t.me.token, game.packageName))).toBe(0);
    expect(await get(t.me.token, game.packageName)).toEqual({ source: 'own', keyMap: changed });
    // The default is as the merchant shipped it, for everyone else.
    expect(await get(t.other.token, game.packageName)).toEqual({ source: 'default', keyMap: MINE });
    const dropped = await t.call('DELETE', `${KEY_MAP}/delete?packageName=${game.packageName}`);
    expect(dataOf(dropped)).toEqual({ source: 'default', keyMap: MINE });

    // The trail names who shipped it; taking it away leaves users with none.
    await admin('PUT', '/api/admin/discover/games/key-map', { clientId, id: game.id, keyMap: null });
    expect(await get(t.me.token, game.packageName)).toEqual({ source: 'none', keyMap: null });
    const owner = await signedInOperator(t.app, t.me.tenantId, 'owner', { now: t.clock.now() });
    const trail = dataOf<{ list: { action: string }[] }>(
      await t.app.inject({ url: '/api/admin/audit/list?pageSize=50', headers: { authorization: `Bearer ${owner}` } }),
    );
    expect(trail.list.filter((e) => e.action === 'game.keymap')).toHaveLength(2);
  });
});
