import type { AppDatabase } from '../db/database';

export interface AdbKeyRecord {
  id: number;
  name: string;
  publicKey: string;
  fingerprint: string;
  createdAt: number;
}

/** A phone's ADB endpoint as its host is told it: where, whose keys, until when. */
export interface AdbEndpointRecord {
  userPhoneId: number;
  instanceNo: string;
  /** Its owner, and the client they switched ADB on in. */
  userId: number;
  clientId: number;
  port: number;
  publicKeys: string[];
  until: number;
}

/**
 * ADB access (issue 35): the public keys of each account, and the port each phone's endpoint has on
 * its host while its owner has ADB on. A port is taken with the unique index on (host, port): of two
 * phones racing for one, the second's write fails and it takes the next.
 */
export class AdbRepository {
  constructor(private readonly db: AppDatabase) {}

  keysOf(userId: number): Promise<AdbKeyRecord[]> {
    return this.db
      .selectFrom('adb_key')
      .select(['id', 'name', 'public_key as publicKey', 'fingerprint', 'created_at as createdAt'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async addKey(userId: number, key: Omit<AdbKeyRecord, 'id'>): Promise<number> {
    const row = await this.db
      .insertInto('adb_key')
      .values({
        user_id: userId,
        name: key.name,
        public_key: key.publicKey,
        fingerprint: key.fingerprint,
        created_at: key.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Whether the key was the user's (and is gone now). */
  async deleteKey(userId: number, keyId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('adb_key')
      .where('id', '=', keyId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The phone's ADB port, or null while ADB is off. */
  async portOf(userPhoneId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('user_phone')
      .select('adb_port as port')
      .where('id', '=', userPhoneId)
      .executeTakeFirst();
    return row?.port ?? null;
  }

  /** The ports of a host's range its phones hold now. */
  async portsTaken(deviceHostId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select('adb_port as port')
      .where('device_host_id', '=', deviceHostId)
      .where('adb_port', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.port!));
  }

  /** ADB on at `port` for the owner in `clientId`'s app, unless it is on already: whether it was set. */
  async setPortIfOff(userPhoneId: number, on: { port: number; clientId: number }): Promise<boolean> {
    const result = await this.db
      .updateTable('user_phone')
      .set({ adb_port: on.port, adb_client_id: on.clientId })
      .where('id', '=', userPhoneId)
      .where('adb_port', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** ADB off: the phone's port is free again. */
  async clearPort(userPhoneId: number): Promise<void> {
    await this.db
      .updateTable('user_phone')
      .set({ adb_port: null, adb_client_id: null })
      .where('id', '=', userPhoneId)
      .execute();
  }

  /** The phones whose owners switched ADB on in this client's app (its `connect_button` goes off). */
  async phonesWithAdbInClient(clientId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select('id')
      .where('adb_client_id', '=', clientId)
      .where('adb_port', 'is not', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The user's phones with ADB on: a change of their keys is told to each one's host. */
  async phonesWithAdb(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select('id')
      .where('user_id', '=', userId)
      .where('adb_port', 'is not', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The endpoints of these phones that have ADB on, with their owners' keys. */
  async endpoints(userPhoneIds: readonly number[]): Promise<AdbEndpointRecord[]> {
    if (userPhoneIds.length === 0) return [];
    const phones = await this.db
      .selectFrom('user_phone')
      .select([
        'id',
        'instance_no as instanceNo',
        'user_id as userId',
        'adb_client_id as clientId',
        'adb_port as port',
        'expire_time as until',
      ])
      .where('id', 'in', userPhoneIds)
      .where('adb_port', 'is not', null)
      .execute();
    if (phones.length === 0) return [];
    const keys = await this.db
      .selectFrom('adb_key')
      .select(['user_id as userId', 'public_key as publicKey'])
      .where('user_id', 'in', [...new Set(phones.map((p) => p.userId))])
      .orderBy('id')
      .execute();
    return phones.map((p) => ({
      userPhoneId: p.id,
      instanceNo: p.instanceNo,
      userId: p.userId,
      clientId: p.clientId ?? 0,
      port: p.port!,
      publicKeys: keys.filter((k) => k.userId === p.userId).map((k) => k.publicKey),
      until: p.until,
    }));
  }
}
