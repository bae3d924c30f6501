import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceHostClient, InstanceInfo } from './device-host-client';
import { DESCRIPTION_FRESH_MS, PhoneDescriptions } from './phone-descriptions';

/** A host that answers from `states`, counting its calls; `hold` keeps its next answer until released. */
function hostOf(states: Map<string, Partial<InstanceInfo>>, { remote = true } = {}) {
  const host = {
    remote,
    online: true,
    calls: 0,
    hold: undefined as Promise<void> | undefined,
    async describe(instanceNos: readonly string[]) {
      host.calls++;
      // The host reads its phones when the call comes; its answer may arrive later.
      const told = new Map(instanceNos.flatMap((no) => (states.has(no) ? [[no, { ...states.get(no) }]] : [])));
      await host.hold;
      return told as Map<string, InstanceInfo>;
    },
  };
  return host;
}

describe('what hosts tell of phones (issue 56)', () => {
  let now: number;
  let states: Map<string, Partial<InstanceInfo>>;
  let host: ReturnType<typeof hostOf>;
  let descriptions: PhoneDescriptions;
  const phone = { deviceHostId: 1, instanceNo: 'p1' };
  const statusNow = async () => (await descriptions.describe([phone])).get('p1')?.status;

  const over = (client: ReturnType<typeof hostOf>) =>
    new PhoneDescriptions(
      { client: () => client as unknown as DeviceHostClient, late: () => false },
      { now: () => now },
    );

  beforeEach(() => {
    now = 1_000_000;
    states = new Map([['p1', { status: 'online' }]]);
    host = hostOf(states);
    descriptions = over(host);
  });

  it('asks a followed host once a moment, and again when a task of the phone moves or the moment is over', async () => {
    expect(await statusNow()).toBe('online');
    states.set('p1', { status: 'restarting' });
    expect([await statusNow(), host.calls]).toEqual(['online', 1]);

    descriptions.forget('p1');
    expect([await statusNow(), host.calls]).toEqual(['restarting', 2]);

    states.set('p1', { status: 'online' });
    now += DESCRIPTION_FRESH_MS;
    expect([await statusNow(), host.calls]).toEqual(['online', 3]);

    states.set('p1', { status: 'offline' });
    descriptions.forgetAll();
    expect([await statusNow(), host.calls]).toEqual(['offline', 4]);
  });

  it('does not keep as fresh an answer asked before a forget of its phone', async () => {
    let release!: () => void;
    host.hold = new Promise((resolve) => (release = resolve));
    const asked = statusNow();
    await vi.waitFor(() => expect(host.calls).toBe(1));
    states.set('p1', { status: 'restarting' });
    descriptions.forget('p1');
    release();
    expect(await asked).toBe('online');
    host.hold = undefined;
    expect([await statusNow(), host.calls]).toEqual(['restarting', 2]);
    expect([await statusNow(), host.calls]).toEqual(['restarting', 2]);
  });

  it('asks every time the host in this process, and a host whose event stream is down', async () => {
    const embedded = hostOf(states, { remote: false });
    descriptions = over(embedded);
    await statusNow();
    await statusNow();
    expect(embedded.calls).toBe(2);

    descriptions = over(host);
    host.online = false;
    await statusNow();
    await statusNow();
    expect(host.calls).toBe(2);
  });
});
