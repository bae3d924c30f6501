import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostCallHeaders, syncForwardKey } from '@cloudphone/contracts/access-key';
import { hostSyncInputPath, type HostSyncFollowerEvent, type HostSyncPeer } from '@cloudphone/contracts/host-api';
import { BOOT_MS } from '../src/phones/tasks';
import { startTestHost, type TestHost } from './support';

/** Two hosts on loopback, on the machine's clock: forwarded calls carry real times. */
let east: TestHost;
let west: TestHost;
const heard: HostSyncFollowerEvent[] = [];

beforeEach(async () => {
  [east, west] = await Promise.all([startTestHost(), startTestHost()]);
  heard.length = 0;
  east.host.subscribe({ task: () => undefined, syncFollower: (event) => heard.push(event) });
});
afterEach(async () => {
  await Promise.all([east.app.close(), west.app.close()]);
});

async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !predicate(); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > deadline) throw new Error('timed out waiting');
}

/** A phone already booted. */
function onlinePhone(test: TestHost): string {
  const phone = test.host.fleet.create();
  phone.update((s) => {
    s.bootedAt = s.createdAt - BOOT_MS;
    s.busy = null;
  });
  return phone.instanceNo;
}

/** Phones placed in a session as the control plane tells each host (issue 26): a main, followers, some paused. */
function place(
  test: TestHost,
  syncId: string,
  phones: Record<string, { main?: boolean; paused?: boolean }>,
  peers: HostSyncPeer[] = [],
) {
  const syncing = { kind: 'syncing', holder: syncId, expiresAt: Date.now() + 60_000 };
  test.host.applyPhoneStates(
    Object.entries(phones).map(([instanceNo, { main = false, paused = false }]) => ({
      instanceNo,
      version: 1,
      locks: [syncing],
      sync: { syncId, main, paused, peers: main ? peers : [] },
    })),
  );
}

/** A forwarded input as another host sends it, signed with `key`. */
async function forward(syncId: string, key: string, text: string) {
  const path = hostSyncInputPath(syncId);
  const body = JSON.stringify({ input: { type: 'clipboard-set', text } });
  const reply = await fetch(`${west.url}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...hostCallHeaders(key, 'POST', path, body, Date.now()) },
  });
  return (await reply.json()) as { code: number; data: { followers: { instanceNo: string; state: string }[] } | null };
}

describe('a sync session across hosts (issue 32)', () => {
  it('replays the main’s input on the followers of the other host, and hears how they took it', async () => {
    const [main, eastFollower] = [onlinePhone(east), onlinePhone(east)];
    const [westFollower, paused, otherSession] = [onlinePhone(west), onlinePhone(west), onlinePhone(west)];
    const peer = { url: west.url, key: syncForwardKey(west.host.options.hostKey, 'sync-a'), followers: [westFollower] };
    place(east, 'sync-a', { [main]: { main: true }, [eastFollower]: {} }, [peer]);
    place(west, 'sync-a', { [westFollower]: {}, [paused]: { paused: true } });
    place(west, 'sync-b', { [otherSession]: {} });

    const input = { type: 'clipboard-set', text: 'from the main' } as const;
    expect(east.host.input.apply(main, { role: 'owner', syncId: 'sync-a' }, input)).toBeNull();
    const clipboard = (test: TestHost, instanceNo: string) => test.host.fleet.get(instanceNo)!.clipboard;
    await until(() => clipboard(west, westFollower) === 'from the main');
    expect([clipboard(east, eastFollower), clipboard(west, paused), clipboard(west, otherSession)]).toEqual([
      'from the main',
      '',
      '',
    ]);
    await until(() => heard.some((e) => e.instanceNo === westFollower));
    expect(heard.find((e) => e.instanceNo === westFollower)).toMatchObject({
      syncId: 'sync-a',
      state: expect.stringMatching(/^(applied|lagging)$/),
    });
  });

  it('drives only the session its key was made for, and refuses the host key', async () => {
    const [follower, other] = [onlinePhone(west), onlinePhone(west)];
    place(west, 'sync-a', { [follower]: {} });
    place(west, 'sync-b', { [other]: {} });
    const keyOf = (syncId: string) => syncForwardKey(west.host.options.hostKey, syncId);

    expect((await forward('sync-a', west.host.options.hostKey, 'host key')).code).toBe(403);
    expect((await forward('sync-a', keyOf('sync-b'), 'another session')).code).toBe(403);
    expect((await forward('sync-a', syncForwardKey(east.host.options.hostKey, 'sync-a'), 'east’s')).code).toBe(403);
    expect(await forward('sync-b', keyOf('sync-b'), 'sync-b only')).toEqual({
      code: 0,
      msg: '',
      data: { followers: [{ instanceNo: other, state: 'applied' }] },
    });
    expect([west.host.fleet.get(follower)!.clipboard, west.host.fleet.get(other)!.clipboard]).toEqual([
      '',
      'sync-b only',
    ]);
  });

  it('tells the followers of a host that does not answer offline', async () => {
    const main = onlinePhone(east);
    const unreachable = { url: 'http://127.0.0.1:9', key: 'k'.repeat(64), followers: ['cp-000000000042'] };
    const embedded = { url: '', key: 'k'.repeat(64), followers: ['cp-000000000043'] };
    place(east, 'sync-a', { [main]: { main: true } }, [unreachable, embedded]);
    expect(east.host.input.apply(main, { role: 'owner', syncId: 'sync-a' }, { type: 'key', key: 'home' })).toBeNull();
    await until(() => heard.length === 2);
    expect(heard).toEqual(
      expect.arrayContaining([
        { syncId: 'sync-a', instanceNo: 'cp-000000000042', state: 'offline' },
        { syncId: 'sync-a', instanceNo: 'cp-000000000043', state: 'offline' },
      ]),
    );
  });
});
