import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import type { AppDatabase } from '../db/database';

export interface DeviceHostRecord {
  id: number;
  name: string;
  /** Empty for the host inside the server process. */
  publicUrl: string;
  /** A joined host's own key (issue 32); null: the data folder's (the embedded host, `DEVICE_HOSTS`). */
  key: string | null;
  /** Where its host API is; empty: at `publicUrl`. */
  apiUrl: string;
  /** Phones it takes; null: no limit. */
  capacity: number | null;
  region: string;
  adb: HostRegistration['adb'] | null;
  /** Its last heartbeat; null for a host that does not beat. */
  lastSeenAt: number | null;
  draining: boolean;
}

const columns = [
  'id',
  'name',
  'public_url as publicUrl',
  'host_key as key',
  'api_url as apiUrl',
  'capacity',
  'region',
  'adb_address as adbAddress',
  'adb_port_from as adbFrom',
  'adb_port_to as adbTo',
  'last_seen_at as lastSeenAt',
  'draining',
] as const;

interface Row {
  id: number;
  name: string;
  publicUrl: string;
  key: string | null;
  apiUrl: string;
  capacity: number | null;
  region: string;
  adbAddress: string;
  adbFrom: number | null;
  adbTo: number | null;
  lastSeenAt: number | string | null;
  draining: number;
}

const toRecord = ({ adbAddress, adbFrom, adbTo, lastSeenAt, draining, ...row }: Row): DeviceHostRecord => ({
  ...row,
  adb: adbFrom !== null && adbTo !== null ? { address: adbAddress, ports: { from: adbFrom, to: adbTo } } : null,
  // PostgreSQL hands bigints back as strings.
  lastSeenAt: lastSeenAt === null ? null : Number(lastSeenAt),
  draining: draining === 1,
});

/** What a host says of itself, as columns. */
const registrationColumns = (host: HostRegistration) => ({
  public_url: host.url,
  api_url: host.apiUrl ?? '',
  capacity: host.capacity,
  region: host.region,
  adb_address: host.adb.address,
  adb_port_from: host.adb.ports.from,
  adb_port_to: host.adb.ports.to,
});

/** Which hosts exist (the host registry of DESIGN §4, §8), and the tokens hosts join with. */
export class DeviceHostRepository {
  constructor(private readonly db: AppDatabase) {}

  /** Registers a host of a fixed setup by name, or updates its URL and ADB range; returns its record. */
  async register(
    name: string,
    publicUrl: string,
    adb: HostRegistration['adb'] | null,
    now: number,
    /** What its driver says it runs at most (issue 60); undefined leaves the record's as it is. */
    capacity?: number | null,
  ): Promise<DeviceHostRecord> {
    const reach = {
      public_url: publicUrl,
      adb_address: adb?.address ?? '',
      adb_port_from: adb?.ports.from ?? null,
      adb_port_to: adb?.ports.to ?? null,
      ...(capacity === undefined ? {} : { capacity }),
    };
    await this.db
      .insertInto('device_host')
      .values({ name, capacity: null, ...reach, registered_at: now, host_key: null, last_seen_at: null })
      .onConflict((oc) => oc.column('name').doUpdateSet(reach))
      .execute();
    return (await this.findByName(name))!;
  }

  /**
   * Records that the host's users are told it is `online` (issue 49): true for the one write, across
   * the nodes, that turned the record from the opposite; a first record tells nothing.
   */
  async markTold(hostId: number, online: boolean): Promise<boolean> {
    const value = online ? 1 : 0;
    const told = (was: number | null) =>
      this.db
        .updateTable('device_host')
        .set({ told_online: value })
        .where('id', '=', hostId)
        .where('told_online', was === null ? 'is' : '=', was)
        .executeTakeFirst();
    await told(null);
    return Number((await told(1 - value)).numUpdatedRows) > 0;
  }

  /** Registers a host under `name` unless one is: a record there is kept as it is. */
  async registerIfAbsent(
    name: string,
    publicUrl: string,
    adb: HostRegistration['adb'] | null,
    now: number,
    capacity: number | null = null,
  ): Promise<DeviceHostRecord> {
    await this.db
      .insertInto('device_host')
      .values({
        name,
        public_url: publicUrl,
        adb_address: adb?.address ?? '',
        adb_port_from: adb?.ports.from ?? null,
        adb_port_to: adb?.ports.to ?? null,
        registered_at: now,
        host_key: null,
        capacity,
        last_seen_at: null,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return (await this.findByName(name))!;
  }

  async findById(id: number): Promise<DeviceHostRecord | undefined> {
    const row = await this.db.selectFrom('device_host').select(columns).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByName(name: string): Promise<DeviceHostRecord | undefined> {
    const row = await this.db.selectFrom('device_host').select(columns).where('name', '=', name).executeTakeFirst();
    return row && toRecord(row);
  }

  async list(): Promise<DeviceHostRecord[]> {
    return (await this.db.selectFrom('device_host').select(columns).orderBy('id').execute()).map(toRecord);
  }

  /** Phones on each host: its load. */
  async phoneCounts(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select(({ fn }) => ['device_host_id as hostId', fn.countAll<number | string>().as('phones')])
      // A phone given back no longer counts (issue 60: a host of devices has that device free again).
      .where('released_at', 'is', null)
      .groupBy('device_host_id')
      .execute();
    return new Map(rows.map((r) => [r.hostId, Number(r.phones)]));
  }

  async addJoinToken(tokenHash: string, name: string, now: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('host_join_token')
      .values({ token_hash: tokenHash, name, created_at: now, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** Spends a join token: the name of the host it joins, or undefined when it is unknown, spent or expired. */
  async spendJoinToken(tokenHash: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .updateTable('host_join_token')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('name')
      .executeTakeFirst();
    return row?.name;
  }

  /**
   * A host joins as `name` with its own key: a new host, or a known one whose old key stops working.
   * It is not seen until its first beat, which it sends once it listens.
   */
  async join(name: string, key: string, host: HostRegistration, now: number): Promise<DeviceHostRecord> {
    await this.db
      .insertInto('device_host')
      .values({ name, registered_at: now, host_key: key, last_seen_at: null, ...registrationColumns(host) })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ host_key: key, last_seen_at: null, ...registrationColumns(host) }),
      )
      .execute();
    return (await this.findByName(name))!;
  }

  /** A joined host beats: seen now, as it says it is. */
  async beat(id: number, host: HostRegistration, now: number): Promise<void> {
    await this.db
      .updateTable('device_host')
      .set({ last_seen_at: now, ...registrationColumns(host) })
      .where('id', '=', id)
      .execute();
  }

  /** What a host runs at most now (its driver's devices, issue 61). */
  async setCapacity(id: number, capacity: number | null): Promise<void> {
    await this.db.updateTable('device_host').set({ capacity }).where('id', '=', id).execute();
  }

  /** Stops (or resumes) new placements on a host; false when there is no host of that name. */
  async setDraining(name: string, draining: boolean): Promise<boolean> {
    const updated = await this.db
      .updateTable('device_host')
      .set({ draining: draining ? 1 : 0 })
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Who sees a host's phones in their lists — their owners and those granted them now — and which. */
  async holdersOfPhones(hostId: number, now: number): Promise<Map<number, number[]>> {
    const owned = await this.db
      .selectFrom('user_phone')
      .select(['user_id as userId', 'id as userPhoneId'])
      .where('device_host_id', '=', hostId)
      .execute();
    const granted = await this.db
      .selectFrom('phone_grant as g')
      .innerJoin('user_phone as p', 'p.id', 'g.live_phone_id')
      .select(['g.grantee_id as userId', 'p.id as userPhoneId'])
      .where('p.device_host_id', '=', hostId)
      .where('g.grantee_id', 'is not', null)
      .where('g.expire_time', '>', now)
      .execute();
    const holders = new Map<number, number[]>();
    for (const { userId, userPhoneId } of [...owned, ...granted])
      if (userId !== null) holders.set(userId, [...(holders.get(userId) ?? []), userPhoneId]);
    return holders;
  }
}
