import { randomUUID } from 'node:crypto';
import { signAccessKey } from '@cloudphone/contracts/access-key';
import {
  HOST_PHONE_STATES_BATCH,
  type HostAdbEndpoint,
  type HostRevokeReason,
  type HostSyncPeer,
} from '@cloudphone/contracts/host-api';
import { PHONE_LOCK_KINDS } from '@cloudphone/contracts/phone-access';
import type { JobRunner } from '../../jobs/job-runner';
import type { HostDelivery } from '../../repositories/host-outbox.repository';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { PhonePolicyState } from '../../repositories/phone-lock.repository';
import type { Clock } from '../clock';
import type { DeviceHostsService } from './device-hosts.service';
import type { HostEvents } from './host-events';
import type { PhonePolicyCache } from '../phones/access/phone-policy-cache';

/** The job that drains the outbox to the hosts: on every API node, each host claimed by one at a time. */
export const DELIVER_TO_HOSTS_JOB = 'hosts.deliver';

/** How long a node's claim on delivering a host's rows lasts unless renewed (it renews every third of it). */
const CLAIM_MS = 1_500;

/** How the host is told an end of access of each reason. */
const REVOKE_REASON: Record<string, HostRevokeReason> = {
  // Viewers of a replaced phone reconnect to its new instance.
  replacement: 'replaced',
  // Viewers of a phone its owner reset reconnect with new keys; grants stay.
  owner_reset: 'reset',
};

/**
 * Whether an end of access closes the phone's ADB: its owner lost the phone (not a grantee, not a
 * reset, which keeps it) — issue 35. Decided here alone; the revoke tells the host.
 */
export const closesAdb = (end: { userId: number | null; reason: string }): boolean =>
  end.userId === null && end.reason !== 'owner_reset';

/**
 * The one durable, ordered delivery to hosts (DESIGN §10, issue 20). Changes are written to the
 * outbox in the unit of work that makes them — ends of access (by `EndOfAccessService`) and changes
 * of a phone's locks (here) — and the job delivers them to their hosts, oldest first; one whose host
 * is unreachable waits for the next run. A phone's locks go whole with their version, so a repeat or
 * a late delivery changes nothing on the host. A host that starts or reconnects asks for the whole
 * state of its phones and gets it.
 */
export class HostDeliveryService {
  /** The outbox rows the last run found waiting: what lists were told of already. */
  private heard = new Set<number>();
  /** This process's name on the hosts' claims. */
  private readonly holder = randomUUID();
  /** The deliveries under way in this process, by host. */
  private readonly delivering = new Map<number, { again: boolean; done: Promise<number> }>();

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'hostOutbox' | 'phoneLocks' | 'syncSessions' | 'userPhones' | 'adb' | 'deviceHosts'>;
      hosts: DeviceHostsService;
      hostEvents: HostEvents;
      jobs: JobRunner;
      clock: Clock;
      /** What lists show of the policy: forgotten by what is delivered here. */
      kept: PhonePolicyCache;
    },
  ) {
    deps.hostEvents.onStateWanted((hostId) => void this.sendWholeState(hostId).catch(() => undefined));
  }

  /** The locks of these phones changed in the unit of work `tx`: their hosts hear it once it commits. */
  async phoneStatesChanged(tx: Repositories, userPhoneIds: readonly number[]): Promise<void> {
    const phones = await tx.userPhones.findByIds(userPhoneIds);
    const at = this.deps.clock.now();
    for (const phone of phones)
      await tx.hostOutbox.add({
        kind: 'phone-state',
        userPhoneId: phone.id,
        deviceHostId: phone.deviceHostId,
        instanceNo: phone.instanceNo,
        userId: null,
        reason: '',
        at,
      });
    tx.afterCommit(() => this.deps.kept.locksChanged(userPhoneIds));
    this.deliverSoon(tx);
  }

  /** Something hosts are told of these phones other than a lock changed (a sync place, an ADB endpoint): a new version. */
  async statesChanged(tx: Repositories, userPhoneIds: readonly number[]): Promise<void> {
    if (userPhoneIds.length === 0) return;
    await tx.phoneLocks.bumpVersion(userPhoneIds);
    await this.phoneStatesChanged(tx, userPhoneIds);
  }

  /**
   * What these phones' ADB endpoints let in changed — the owner's keys, or the time the endpoint
   * lasts (a renewal, a refund): the hosts of those with ADB on hear it (issue 35).
   */
  async adbChanged(tx: Repositories, userPhoneIds: readonly number[]): Promise<void> {
    const on = (await tx.adb.endpoints(userPhoneIds)).map((e) => e.userPhoneId);
    await this.statesChanged(tx, on);
  }

  /** ADB off for those of these phones that have it on, in `tx`: their hosts close the endpoints (issue 35). */
  async closeAdb(tx: Repositories, userPhoneIds: readonly number[]): Promise<void> {
    const on = (await tx.adb.endpoints(userPhoneIds)).map((e) => e.userPhoneId);
    for (const id of on) await tx.adb.clearPort(id);
    await this.statesChanged(tx, on);
  }

  /** The job delivers what `tx` wrote as soon as it commits. */
  deliverSoon(tx: Pick<Repositories, 'afterCommit'>): void {
    tx.afterCommit(() => this.deps.jobs.trigger(DELIVER_TO_HOSTS_JOB));
  }

  /**
   * Delivers what waits in the outbox to the hosts this process drives, each host on its own (issue
   * 49): one slow host holds up no other. Resolves with how many rows went, once the deliveries it
   * started ended; `{ wait: false }` (the job) once they started, so a slow host holds up no later run.
   */
  async deliverPending({ wait = true } = {}): Promise<number> {
    this.forgetKept(await this.deps.repos.hostOutbox.pending());
    const hostIds = (await this.deps.repos.hostOutbox.hostsWithPending()).filter((id) => this.deps.hosts.client(id));
    const deliveries = hostIds.map((hostId) => this.deliverTo(hostId));
    if (!wait) return 0;
    return (await Promise.all(deliveries)).reduce((sum, count) => sum + count, 0);
  }

  /**
   * Another process (the admin CLI) may have written rows: lists forget what they kept of those
   * phones, once for each change however many runs it waits for its host.
   */
  private forgetKept(pending: readonly HostDelivery[]): void {
    for (const d of pending.filter((d) => !this.heard.has(d.id)))
      if (d.kind === 'revoke') this.deps.kept.accessEnded(d.userPhoneId, d.userId);
      else this.deps.kept.locksChanged([d.userPhoneId]);
    this.heard = new Set(pending.map((d) => d.id));
  }

  /** One delivery to a host at a time in this process; asked again meanwhile, it runs once more after. */
  private deliverTo(hostId: number): Promise<number> {
    const running = this.delivering.get(hostId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const delivery = { again: false, done: Promise.resolve(0) };
    delivery.done = (async () => {
      let count = 0;
      do {
        delivery.again = false;
        // A failed delivery stays in the outbox for the next run.
        count += await this.deliverClaimed(hostId).catch(() => 0);
      } while (delivery.again);
      this.delivering.delete(hostId);
      return count;
    })();
    this.delivering.set(hostId, delivery);
    return delivery.done;
  }

  /**
   * Delivers a host's rows, oldest first, while this node holds the host's claim (issue 49): a short
   * lease renewed while the delivery goes on, so another node takes over within CLAIM_MS of this
   * one's death, and two nodes never deliver one host's rows at once. Leases are in real time: they
   * are between processes, whatever the business clock says.
   */
  private async deliverClaimed(hostId: number): Promise<number> {
    const claim = () => this.deps.repos.hostOutbox.claimHost(hostId, this.holder, Date.now(), Date.now() + CLAIM_MS);
    if (!(await claim())) return 0;
    const renewing = setInterval(() => void claim().catch(() => undefined), CLAIM_MS / 3);
    try {
      const pending = await this.deps.repos.hostOutbox.pending({ hostId });
      const delivered: number[] = [];
      for (const revocation of pending.filter((d) => d.kind === 'revoke'))
        if (await this.revoke(revocation)) delivered.push(revocation.id);
      // Phones' states: each phone's newest, once, however many changes are waiting.
      const changed = pending.filter((d) => d.kind === 'phone-state');
      const states = await this.deps.repos.phoneLocks.states(
        [...new Set(changed.map((d) => d.userPhoneId))],
        this.deps.clock.now(),
      );
      // A phone that moved to another host meanwhile (a replacement) is told where it is now; a state
      // carries its version, so a late one changes nothing there.
      for (const [stateHost, ofHost] of groupByHost(states)) {
        if (!(await this.send(stateHost, ofHost))) continue;
        const phones = new Set(ofHost.map((s) => s.userPhoneId));
        delivered.push(...changed.filter((d) => phones.has(d.userPhoneId)).map((d) => d.id));
      }
      // A phone that is gone has nothing to tell.
      const known = new Set(states.map((s) => s.userPhoneId));
      delivered.push(...changed.filter((d) => !known.has(d.userPhoneId)).map((d) => d.id));
      await this.deps.repos.hostOutbox.markDelivered(delivered, this.deps.clock.now());
      return delivered.length;
    } finally {
      clearInterval(renewing);
      await this.deps.repos.hostOutbox.releaseHost(hostId, this.holder).catch(() => undefined);
    }
  }

  /** Tells a host the state of every phone of its whose locks ever changed (it asked for it). */
  async sendWholeState(hostId: number): Promise<void> {
    let afterId = 0;
    for (;;) {
      const batch = await this.deps.repos.phoneLocks.statesOfHost(
        hostId,
        this.deps.clock.now(),
        afterId,
        HOST_PHONE_STATES_BATCH,
      );
      if (batch.length === 0) return;
      if (!(await this.send(hostId, batch))) return;
      afterId = batch.at(-1)!.userPhoneId;
    }
  }

  private async revoke(revocation: HostDelivery): Promise<boolean> {
    const client = this.deps.hosts.client(revocation.deviceHostId);
    if (!client) return false;
    const reason = REVOKE_REASON[revocation.reason] ?? 'revoked';
    return client.revoke(revocation.instanceNo, revocation.userId, revocation.at, reason, closesAdb(revocation)).then(
      () => true,
      () => false,
    );
  }

  private async send(hostId: number, states: readonly PhonePolicyState[]): Promise<boolean> {
    const client = this.deps.hosts.client(hostId);
    if (!client) return false;
    // Shared work (pushes) never refuses anything on the host: only the locks that do are told. A
    // session's main hears where its followers on other hosts are (issue 32); a phone with ADB on,
    // its endpoint (issue 35).
    const adb = await this.adbEndpoints(hostId, states);
    const phones = await Promise.all(
      states.map(async ({ userPhoneId, instanceNo, version, locks, sync }) => ({
        instanceNo,
        version,
        locks: locks.filter((l) => PHONE_LOCK_KINDS[l.kind] !== 'shared'),
        sync: sync?.main ? { ...sync, peers: await this.peersOf(hostId, sync.syncId) } : sync,
        adb: adb.get(userPhoneId) ?? null,
      })),
    );
    for (let i = 0; i < phones.length; i += HOST_PHONE_STATES_BATCH) {
      const sent = await client.applyPhoneStates(phones.slice(i, i + HOST_PHONE_STATES_BATCH)).then(
        () => true,
        () => false,
      );
      if (!sent) return false;
    }
    return true;
  }

  /**
   * The ADB endpoints of these phones that have it on (issue 35), each with its owner's keys and an
   * access key of the owner's, signed for this host, that a reboot over ADB is decided with.
   */
  private async adbEndpoints(
    hostId: number,
    states: readonly PhonePolicyState[],
  ): Promise<Map<number, HostAdbEndpoint>> {
    const endpoints = await this.deps.repos.adb.endpoints(states.map((s) => s.userPhoneId));
    const host = endpoints.length > 0 ? await this.deps.repos.deviceHosts.findById(hostId) : undefined;
    const key = host && this.deps.hosts.keyOf(host);
    const now = this.deps.clock.now();
    const ownerKey = (u: number, i: string, c: number, e: number) =>
      key ? signAccessKey(key, { u, i, c, e, n: now, p: 'control', r: 'owner' }).accessKey : '';
    return new Map(
      endpoints.map(({ userPhoneId, instanceNo, userId, clientId, port, publicKeys, until }) => [
        userPhoneId,
        { port, publicKeys, until, accessKey: ownerKey(userId, instanceNo, clientId, until) },
      ]),
    );
  }

  /** The other hosts holding followers of a main's session (not paused), and those followers. */
  private async peersOf(hostId: number, syncId: string): Promise<HostSyncPeer[]> {
    const session = await this.deps.repos.syncSessions.find(syncId);
    const following = session?.members.filter((m) => !m.paused && m.userPhoneId !== session.mainUserPhoneId) ?? [];
    const members = await this.deps.repos.userPhones.findByIds(following.map((m) => m.userPhoneId));
    const elsewhere = new Map<number, string[]>();
    for (const phone of members)
      if (phone.deviceHostId !== hostId)
        elsewhere.set(phone.deviceHostId, [...(elsewhere.get(phone.deviceHostId) ?? []), phone.instanceNo]);
    return this.deps.hosts.syncPeers(syncId, elsewhere);
  }
}

function groupByHost(states: readonly PhonePolicyState[]): Map<number, PhonePolicyState[]> {
  const byHost = new Map<number, PhonePolicyState[]>();
  for (const state of states) byHost.set(state.deviceHostId, [...(byHost.get(state.deviceHostId) ?? []), state]);
  return byHost;
}
