import { randomUUID } from 'node:crypto';
import type { HostSyncFollowerEvent } from '@cloudphone/contracts/host-api';
import { MAIN_CONTROL_MAX_WINDOWS } from '@cloudphone/contracts/limits';
import type { SyncSession, SyncUpdate } from '@cloudphone/contracts/sync';
import { AppError } from '../../app-error';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { SyncSessionRow } from '../../../repositories/sync.repository';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { LiveEventBus } from '../../../events/live-event-bus';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { HostEvents } from '../../hosts/host-events';
import type { PhoneAccessService, PhoneGate } from '../access/phone-access.service';
import { phoneNameOf } from './phone-name';

/** The sync heartbeat: renews live sessions' locks, and ends those whose main has gone quiet. */
export const SYNC_HEARTBEAT_JOB = 'sync.heartbeat';
/** A session's locks last this long unless the heartbeat renews them: a dead server frees its phones. */
const SYNC_LOCK_TTL_MS = 2 * 60_000;
/** A session whose main has had no stream open this long ends by itself (issue 26). */
export const SYNC_MAIN_IDLE_MS = 10 * 60_000;

/**
 * Sync control (spec §1, §4, §9; issue 26): a user's phones in one session, a main and its followers.
 * Each phone holds the `syncing` lock with the session's id, so nothing operates it alone meanwhile
 * while pushes and installs still reach it (their locks share); the lock is the only mark of "in sync"
 * the policy and the hosts read. The host replays the main's input on the followers.
 */
export class SyncService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'syncSessions' | 'phoneGrants' | 'userPhones'>;
      access: PhoneAccessService;
      hosts: DeviceHostsService;
      hostEvents: HostEvents;
      clock: Clock;
      events: LiveEventBus;
    },
  ) {
    // How each follower keeps up, as its host tells it, reaches the session's owner on the live channel.
    deps.hostEvents.onSyncFollower((event) => void this.tellFollower(event).catch(() => undefined));
  }

  private async tellFollower(event: HostSyncFollowerEvent): Promise<void> {
    const [session, phone] = await Promise.all([
      this.deps.repos.syncSessions.find(event.syncId),
      this.deps.repos.userPhones.findByInstance(event.instanceNo),
    ]);
    if (!session || session.endedAt !== null || !phone) return;
    if (!session.members.some((m) => m.userPhoneId === phone.id)) return;
    this.deps.events.publish(session.userId, {
      type: 'sync.follower',
      syncId: session.id,
      userPhoneId: phone.id,
      state: event.state,
    });
  }

  /** Starts a session: the user's own phones, none granted out, trial or busy, at most 20 in all. */
  async create(gate: PhoneGate, mainUserPhoneId: number, followerUserPhoneIds: readonly number[]) {
    const { auth } = gate;
    const phoneIds = [mainUserPhoneId, ...followerUserPhoneIds];
    if (phoneIds.length > MAIN_CONTROL_MAX_WINDOWS) throw new AppError('syncTooMany');
    const syncId = `sync-${randomUUID()}`;
    await this.deps.repos.transaction(async (tx) => {
      await this.join(tx, syncId, await this.syncable(gate, phoneIds, tx));
      await tx.syncSessions.create(
        { id: syncId, tenantId: auth.tenantId, userId: auth.userId, mainUserPhoneId, createdAt: this.deps.clock.now() },
        phoneIds,
      );
    });
    return { syncId };
  }

  /** Followers in and out, paused and resumed, or another phone of the session as main. */
  async update(gate: PhoneGate, change: SyncUpdate): Promise<SyncSession> {
    const { auth } = gate;
    await this.deps.repos.transaction(async (tx) => {
      // The phones named to join answer to the gate first: a holder who may not sync them hears why.
      const named = await tx.syncSessions.find(change.syncId);
      const joining = (change.add ?? []).filter((id) => !named?.members.some((m) => m.userPhoneId === id));
      const joiners = await this.syncable(gate, joining, tx);
      const session = await this.own(auth, change.syncId, tx);
      const members = new Set(session.members.map((m) => m.userPhoneId));
      const main = change.mainUserPhoneId ?? session.mainUserPhoneId;
      if (change.mainUserPhoneId !== undefined && !members.has(main)) throw new AppError('syncNotFound');
      // The main cannot leave or stop following itself: end the session, or make another phone main first.
      if ([...(change.remove ?? []), ...(change.pause ?? [])].includes(main))
        throw new AppError('mainDeviceCannotCancelSync');
      const added = (change.add ?? []).filter((id) => !members.has(id));
      const removed = (change.remove ?? []).filter((id) => members.has(id));
      if (members.size + added.length - removed.length > MAIN_CONTROL_MAX_WINDOWS) throw new AppError('syncTooMany');
      const now = this.deps.clock.now();
      if (added.length > 0) {
        await this.join(tx, session.id, joiners);
        await tx.syncSessions.addMembers(session.id, added, now);
      }
      if (removed.length > 0) {
        await tx.syncSessions.removeMembers(session.id, removed);
        await this.deps.access.unlock(removed, session.id, tx);
      }
      await tx.syncSessions.setPaused(session.id, change.pause ?? [], true);
      await tx.syncSessions.setPaused(session.id, change.resume ?? [], false);
      if (main !== session.mainUserPhoneId) await tx.syncSessions.setMain(session.id, main);
      // The hosts replay by these places: a new main, and followers paused or resumed, reach them; the
      // main hears of every change of its followers (those on other hosts it forwards to: issue 32).
      const moved = [main, session.mainUserPhoneId, ...(change.pause ?? []), ...(change.resume ?? [])].filter(
        (id) => members.has(id) && !removed.includes(id),
      );
      await this.deps.access.statesChanged(tx, [...new Set(moved)]);
    });
    return this.get(auth, change.syncId);
  }

  /** Ends the session: its phones are free again. */
  async end(auth: AuthUser, syncId: string): Promise<void> {
    const session = await this.own(auth, syncId);
    await this.close(session);
  }

  async get(auth: AuthUser, syncId: string): Promise<SyncSession> {
    return this.view(await this.own(auth, syncId));
  }

  /** The user's sessions under way, so a reloaded page finds its own. */
  async list(auth: AuthUser): Promise<SyncSession[]> {
    return Promise.all((await this.deps.repos.syncSessions.live(auth.userId)).map((s) => this.view(s)));
  }

  /**
   * The heartbeat (a job): a session whose main has a stream open is seen now and its locks last
   * on; one whose main has had none for ten minutes ends and frees its phones.
   */
  async heartbeat(): Promise<number> {
    const now = this.deps.clock.now();
    let ended = 0;
    for (const session of await this.deps.repos.syncSessions.live()) {
      const [main] = await this.deps.repos.userPhones.findByIds([session.mainUserPhoneId]);
      const watched = main !== undefined && (await this.streamsTo(main)).viewers > 0;
      if (watched) await this.deps.repos.syncSessions.seen(session.id, now);
      const seenAt = watched ? now : session.mainSeenAt;
      if (now - seenAt >= SYNC_MAIN_IDLE_MS) {
        if (await this.close(session)) ended++;
        continue;
      }
      const phoneIds = session.members.map((m) => m.userPhoneId);
      await this.deps.access.holdUntil(phoneIds, session.id, now + SYNC_LOCK_TTL_MS);
    }
    return ended;
  }

  /** The phones, each the user's own to sync (the gate: not granted to them, not trial, not busy). */
  private async syncable(gate: PhoneGate, phoneIds: readonly number[], tx: Repositories): Promise<UserPhone[]> {
    const phones: UserPhone[] = [];
    for (const id of new Set(phoneIds)) phones.push((await gate.check(id, tx)).phone);
    return phones;
  }

  /**
   * Brings phones the gate let through into the session in `tx`: none granted out, nor driven from
   * another window now; then each takes the session's `syncing` lock.
   */
  private async join(tx: Repositories, syncId: string, phones: readonly UserPhone[]): Promise<void> {
    const phoneIds = phones.map((p) => p.id);
    if ((await tx.phoneGrants.grantedOut(phoneIds, this.deps.clock.now())).size > 0) throw new AppError('grantExists');
    for (const phone of phones)
      if ((await this.streamsTo(phone)).controllers > 0) throw new AppError('syncControlledElsewhere');
    await this.deps.access.lock(tx, phoneIds, 'syncing', syncId, SYNC_LOCK_TTL_MS);
  }

  /** The streams open to a phone on its host now (none when the host cannot say). */
  private async streamsTo(phone: UserPhone): Promise<{ viewers: number; controllers: number }> {
    const info = (await this.deps.hosts.client(phone.deviceHostId)?.describe([phone.instanceNo]))?.get(
      phone.instanceNo,
    );
    return { viewers: info?.viewers ?? 0, controllers: info?.controllers ?? 0 };
  }

  /** Ends a session and frees its phones; false when it had ended already. */
  private async close(session: SyncSessionRow): Promise<boolean> {
    return this.deps.repos.transaction(async (tx) => {
      if (!(await tx.syncSessions.end(session.id, this.deps.clock.now()))) return false;
      await this.deps.access.unlock(
        session.members.map((m) => m.userPhoneId),
        session.id,
        tx,
      );
      return true;
    });
  }

  /** A live session of the user's; another user's, or one ended, does not exist for them. */
  private async own(auth: AuthUser, syncId: string, tx: RepositoriesOf<'syncSessions'> = this.deps.repos) {
    const session = await tx.syncSessions.find(syncId);
    if (!session || session.userId !== auth.userId || session.endedAt !== null) throw new AppError('syncNotFound');
    return session;
  }

  private async view(session: SyncSessionRow): Promise<SyncSession> {
    const phones = new Map(
      (await this.deps.repos.userPhones.findByIds(session.members.map((m) => m.userPhoneId))).map((p) => [p.id, p]),
    );
    return {
      syncId: session.id,
      mainUserPhoneId: session.mainUserPhoneId,
      createTime: session.createdAt,
      members: session.members.map((m) => ({
        userPhoneId: m.userPhoneId,
        name: phones.has(m.userPhoneId) ? phoneNameOf(phones.get(m.userPhoneId)!) : '',
        role: m.userPhoneId === session.mainUserPhoneId ? 'main' : 'follower',
        paused: m.paused,
      })),
    };
  }
}
