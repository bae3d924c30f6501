import { readAccessKey, signAccessKey } from '@cloudphone/contracts/access-key';
import { HOST_LOCK_ACTIONS, type HostLockReply, type HostLockRequest } from '@cloudphone/contracts/host-api';
import { CONTROL_MIN_VALIDITY_MINUTES, SECURITY_TOKEN_VALID_SECONDS } from '@cloudphone/contracts/limits';
import type { PhoneAction, PhoneRole } from '@cloudphone/contracts/phone-access';
import type { SecurityToken, ViewKey } from '@cloudphone/contracts/sdk';
import type { Permission } from '@cloudphone/contracts/stream';
import type { RepositoriesOf } from '../../../repositories/index';
import type { AuthUser } from '../../accounts/auth.service';
import { dataSaverOf } from '../../accounts/data-saver';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { PhoneAccess, PhoneAccessService, PhoneGate } from './phone-access.service';

/** The server's own origin as the client sees it, for a host that shares it. */
export interface Origin {
  http: string;
  ws: string;
}

/**
 * The keys a phone's host takes (DESIGN §10): the security token that opens the phone, view keys for
 * grids and previews, and who holds a key the host shows back. Each is signed with the key of the
 * phone's host (issue 32: one key per host) for what the access policy (`PhoneAccessService`) allows
 * now, and lasts no longer than that access.
 */
export class AccessKeys {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'config' | 'deviceHosts' | 'phoneLocks' | 'syncSessions' | 'userPhones' | 'users'>;
      /** Whose key signs a phone's access keys: its host's. */
      hosts: Pick<DeviceHostsService, 'keyOf'>;
      clock: Clock;
      access: PhoneAccessService;
    },
  ) {}

  /**
   * A host's lock of one of its phones (issue 51), in the name of the access key's holder: taken or
   * renewed as the same REST action is decided — the policy, then the locks held, as `lockFor` — or
   * released. The holder is the host's own name for it, kept apart from every other host's.
   */
  async lockFromHost(request: HostLockRequest, hostId: number | null): Promise<HostLockReply> {
    const action = HOST_LOCK_ACTIONS[request.kind];
    const { gate, userPhoneId } = await this.keyHolder(request.accessKey, request.instanceNo, hostId, action);
    const holder = `host:${hostId ?? 'fixed'}:${request.holder}`;
    if (request.action === 'release') {
      await this.deps.access.unlock([userPhoneId], holder);
      return { expiresAt: null };
    }
    const lock = { kind: request.kind, holder, ttlMs: request.ttlMs };
    await this.deps.access.lockFor(gate, userPhoneId, { lock });
    return { expiresAt: this.deps.clock.now() + request.ttlMs };
  }

  /**
   * Who holds an access key, as a signed-in user of its phone (issue 20: the host asks the server to
   * decide an SDK power call). The key is checked with the key of the phone's host, which must be the
   * host asking (`hostId`; null for a fixed setup's, which share a key). The gate for `action` (from
   * the host call's table) then decides what they may do now, whatever the key said.
   */
  async keyHolder(
    accessKey: string,
    instanceNo: string,
    hostId: number | null,
    action: PhoneAction,
  ): Promise<{ gate: PhoneGate; userPhoneId: number }> {
    const phone = await this.deps.repos.userPhones.findByInstance(instanceNo);
    const host = phone && (await this.deps.repos.deviceHosts.findById(phone.deviceHostId));
    if (!phone || !host || (hostId !== null && host.id !== hostId)) throw new AppError('forbidden');
    const claims = readAccessKey(this.deps.hosts.keyOf(host), accessKey);
    if (!claims || claims.i !== instanceNo || claims.c === undefined) throw new AppError('forbidden');
    if (claims.e <= this.deps.clock.now()) throw new AppError('deviceExpired');
    const user = await this.deps.repos.users.findById(claims.u);
    if (!user || user.status !== 'active' || user.tenantId !== phone.tenantId) throw new AppError('forbidden');
    const auth = {
      userId: user.id,
      tenantId: user.tenantId,
      clientId: claims.c,
      sessionId: 0,
      language: user.language,
    };
    return { gate: this.deps.access.gate(auth, action), userPhoneId: phone.id };
  }

  /** Expired phones cannot be opened; under 10 minutes of validity blocks control (spec §9). */
  async securityToken(
    gate: PhoneGate,
    userPhoneId: number,
    validSeconds: number,
    origin: Origin,
  ): Promise<SecurityToken> {
    const { auth } = gate;
    const access = await gate.check(userPhoneId);
    const { phone, permission, role } = access;
    const as = { permission, role, dataSaver: await this.dataSaverKbps(auth) };
    const { key, expireTime, http, ws } = await this.signKey(auth, access, validSeconds, origin, as);
    return {
      ...key,
      expireTime,
      sdkUrl: `${http}/sdk`,
      streamUrl: `${ws}/stream/${phone.instanceNo}?accessKey=${encodeURIComponent(key.accessKey)}`,
      instanceNo: phone.instanceNo,
      permission,
    };
  }

  /**
   * View keys of many phones at once (issue 23: grids, previews, the desktop's windows). A key here
   * only watches, whoever holds the phone; a phone the caller cannot open now is left out.
   */
  async viewKeys(gate: PhoneGate, userPhoneIds: readonly number[], origin: Origin): Promise<ViewKey[]> {
    const keys: ViewKey[] = [];
    const view = { permission: 'view', role: 'view', dataSaver: await this.dataSaverKbps(gate.auth) } as const;
    for (const userPhoneId of new Set(userPhoneIds)) {
      try {
        const access = await gate.check(userPhoneId);
        const signed = await this.signKey(gate.auth, access, SECURITY_TOKEN_VALID_SECONDS, origin, view);
        const { accessKey } = signed.key;
        const streamUrl = `${signed.ws}/stream/${access.phone.instanceNo}?accessKey=${encodeURIComponent(accessKey)}`;
        keys.push({ userPhoneId, accessKey, expireTime: signed.expireTime, streamUrl, permission: 'view' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return keys;
  }

  /** The holder's data saver, kbps (issue 58): its streams' "auto" keeps under it; null is none. */
  private async dataSaverKbps(auth: AuthUser): Promise<number | null> {
    const user = await this.deps.repos.users.findById(auth.userId);
    return user ? (await dataSaverOf(this.deps.repos, user)).maxKbps : null;
  }

  /**
   * A key for the phone's host, signed with that host's key (no other host can check it), valid while
   * the caller's access lasts; refused when that is (nearly) over.
   */
  private async signKey(
    auth: AuthUser,
    { phone, until }: PhoneAccess,
    validSeconds: number,
    origin: Origin,
    as: { permission: Permission; role: PhoneRole; dataSaver: number | null },
  ) {
    const now = this.deps.clock.now();
    if (until <= now) throw new AppError('deviceExpired');
    if (until - now < CONTROL_MIN_VALIDITY_MINUTES * 60_000) throw new AppError('deviceValidityTooShort');
    const host = await this.deps.repos.deviceHosts.findById(phone.deviceHostId);
    if (!host) throw new AppError('deviceNotConnected');
    const expireTime = Math.min(now + validSeconds * 1000, until);
    // The owner's key of a session's main carries the session: its input drives the session. A follower's
    // never does (issue 54): it takes input only from the host's replay of the main's.
    const syncing =
      as.role === 'owner'
        ? (await this.deps.repos.phoneLocks.held([phone.id], now)).find((l) => l.kind === 'syncing')?.holder
        : undefined;
    const session = syncing ? await this.deps.repos.syncSessions.find(syncing) : undefined;
    const inSync = session?.mainUserPhoneId === phone.id ? session.id : undefined;
    const key = signAccessKey(this.deps.hosts.keyOf(host), {
      u: auth.userId,
      i: phone.instanceNo,
      p: as.permission,
      r: as.role,
      c: auth.clientId,
      ...(inSync ? { s: inSync } : {}),
      ...(as.dataSaver ? { b: as.dataSaver } : {}),
      e: expireTime,
      n: now,
    });
    return {
      key,
      expireTime,
      http: host.publicUrl || origin.http,
      ws: host.publicUrl ? host.publicUrl.replace(/^http/, 'ws') : origin.ws,
    };
  }
}
