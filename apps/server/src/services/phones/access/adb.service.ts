import { createHash } from 'node:crypto';
import { ADB_KEYS_MAX, parseAdbPublicKey } from '@cloudphone/contracts/adb';
import type { AdbAccess, AdbKey } from '@cloudphone/contracts/adb-access';
import { isLostRace, isUniqueViolation } from '../../../db/dialect/index';
import { AppError } from '../../app-error';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { HostDeliveryService } from '../../hosts/host-delivery.service';
import type { PhoneGate } from './phone-access.service';

/** The name `adb` gave a key (user@host), from its line. */
const adbKeyName = (line: string): string => {
  const parsed = parseAdbPublicKey(line);
  return parsed.ok ? parsed.key.name : '';
};

/** Two phones racing for a host's last free ports: each try after losing one takes the next. */
const PORT_TRIES = 5;

/**
 * ADB to a phone (issue 35): its owner switches it on — never a grantee, never a trial phone, only
 * where the client has `connect_button` on — and the phone's host opens an endpoint on a port of its
 * range that lets in only the keys the account holds. Both travel to the host in the phone's state
 * (the delivery of DESIGN §10), so a key removed or access ended closes connections within a second.
 */
export class AdbService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'adb' | 'deviceHosts'>;
      functions: FunctionGate;
      delivery: HostDeliveryService;
      clock: Clock;
    },
  ) {}

  async get(gate: PhoneGate, userPhoneId: number): Promise<AdbAccess> {
    await this.deps.functions.require(gate.auth, 'connect_button');
    const { phone } = await gate.checkRole(userPhoneId);
    return this.where(phone.deviceHostId, await this.deps.repos.adb.portOf(userPhoneId));
  }

  /** Opens the phone's endpoint (once on, asking again answers the same port); answers once its host heard. */
  async enable(gate: PhoneGate, userPhoneId: number): Promise<AdbAccess> {
    await this.deps.functions.require(gate.auth, 'connect_button');
    for (let tries = 1; ; tries++) {
      try {
        const access = await this.deps.repos.transaction((tx) => this.open(tx, gate, userPhoneId));
        await this.deps.delivery.deliverPending();
        return access;
      } catch (error) {
        // Another enable of a phone on the host took the port first, or PostgreSQL gave this unit of
        // work up for another's (a deadlock): nothing was written, so it runs again.
        if (!(isUniqueViolation(error) || isLostRace(error)) || tries === PORT_TRIES) throw error;
      }
    }
  }

  async disable(gate: PhoneGate, userPhoneId: number): Promise<AdbAccess> {
    await this.deps.functions.require(gate.auth, 'connect_button');
    const { phone } = await gate.checkRole(userPhoneId);
    await this.deps.repos.transaction((tx) => this.deps.delivery.closeAdb(tx, [userPhoneId]));
    await this.deps.delivery.deliverPending();
    return this.where(phone.deviceHostId, null);
  }

  async keys(auth: AuthUser): Promise<AdbKey[]> {
    const keys = await this.deps.repos.adb.keysOf(auth.userId);
    return keys.map(({ id, name, publicKey, fingerprint, createdAt }) => ({
      keyId: id,
      name,
      fingerprint,
      comment: adbKeyName(publicKey),
      createdAt,
    }));
  }

  async addKey(auth: AuthUser, name: string, publicKey: string): Promise<{ keyId: number }> {
    const parsed = parseAdbPublicKey(publicKey);
    if (!parsed.ok) throw new AppError('adbKeyInvalid');
    const fingerprint = createHash('sha256')
      .update(Buffer.from(parsed.key.base64, 'base64'))
      .digest('base64')
      .replace(/=+$/, '');
    const keyId = await this.deps.repos.transaction(async (tx) => {
      const held = await tx.adb.keysOf(auth.userId);
      if (held.some((k) => k.fingerprint === fingerprint)) throw new AppError('adbKeyExists');
      if (held.length >= ADB_KEYS_MAX) throw new AppError('adbKeysFull');
      const id = await tx.adb
        .addKey(auth.userId, { name, publicKey, fingerprint, createdAt: this.deps.clock.now() })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new AppError('adbKeyExists') : error;
        });
      await this.deps.delivery.adbChanged(tx, await tx.adb.phonesWithAdb(auth.userId));
      return id;
    });
    await this.deps.delivery.deliverPending();
    return { keyId };
  }

  /** Removes a key: connections it let in close once the hosts hear it. */
  async deleteKey(auth: AuthUser, keyId: number): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.adb.deleteKey(auth.userId, keyId))) throw new AppError('notFound');
      await this.deps.delivery.adbChanged(tx, await tx.adb.phonesWithAdb(auth.userId));
    });
    await this.deps.delivery.deliverPending();
  }

  private async open(tx: Repositories, gate: PhoneGate, userPhoneId: number): Promise<AdbAccess> {
    const { phone } = await gate.check(userPhoneId, tx);
    const held = await tx.adb.portOf(userPhoneId);
    if (held !== null) return this.where(phone.deviceHostId, held, tx);
    const range = (await tx.deviceHosts.findById(phone.deviceHostId))?.adb;
    if (!range) throw new AppError('adbUnavailable');
    const taken = await tx.adb.portsTaken(phone.deviceHostId);
    let port = range.ports.from;
    while (taken.has(port)) port++;
    if (port > range.ports.to) {
      // Every port taken may include this phone's own, committed by a concurrent enable after the
      // read above (PostgreSQL reads each statement afresh): then that port is the answer.
      const own = await tx.adb.portOf(userPhoneId);
      if (own === null) throw new AppError('adbPortsExhausted');
      return this.where(phone.deviceHostId, own, tx);
    }
    // One winner per phone (issue 48): a port is set only where none is, so of two enables that both
    // read no port, the second answers the first one's.
    if (!(await tx.adb.setPortIfOff(userPhoneId, { port, clientId: gate.auth.clientId }))) {
      return this.where(phone.deviceHostId, await tx.adb.portOf(userPhoneId), tx);
    }
    await this.deps.delivery.statesChanged(tx, [userPhoneId]);
    return { enabled: true, host: range.address, port };
  }

  private async where(
    deviceHostId: number,
    port: number | null,
    repos: RepositoriesOf<'deviceHosts'> = this.deps.repos,
  ): Promise<AdbAccess> {
    if (port === null) return { enabled: false, host: null, port: null };
    const range = (await repos.deviceHosts.findById(deviceHostId))?.adb;
    return { enabled: true, host: range?.address ?? null, port };
  }
}
