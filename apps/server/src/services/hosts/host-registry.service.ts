import { createHash, randomBytes } from 'node:crypto';
import {
  HOST_JOIN_TOKEN_MINUTES,
  type HostJoinReply,
  type HostRegistration,
} from '@cloudphone/contracts/host-registry';
import { AppError } from '../app-error';
import type { DeviceHostRecord } from '../../repositories/device-host.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { Clock } from '../clock';
import type { DeviceHostsService } from './device-hosts.service';

/** A host as `host:list` shows it. */
export interface HostListing extends DeviceHostRecord {
  phones: number;
  /** Undefined for a host of a fixed setup the asking process does not drive. */
  online: boolean | undefined;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A name a host may join as: a new one, or one that joined before (it gets a new key). */
const joinable = (known: DeviceHostRecord | undefined) => known === undefined || known.key !== null;

/**
 * Hosts joining and leaving placement (issue 32, DESIGN §8): the operator makes a join token for a
 * host's name; the host joins with it once, before it expires, and is given a key of its own (one key
 * per host: what the server signs for a host, only that host can check); it beats, saying again what
 * it is; the operator drains it, and lists every host with its load and state.
 */
export class HostRegistryService {
  constructor(
    private readonly repos: RepositoriesOf<'deviceHosts'>,
    private readonly hosts: DeviceHostsService,
    private readonly clock: Clock,
  ) {}

  /**
   * A join token for the host `name`, shown once (only its hash is kept). The host in the server and
   * those of `DEVICE_HOSTS` share the data folder's key and never join: their names are refused.
   */
  async issueToken(
    name: string,
    minutes = HOST_JOIN_TOKEN_MINUTES,
    repos: RepositoriesOf<'deviceHosts'> = this.repos,
  ): Promise<{ token: string; expiresAt: number }> {
    if (!joinable(await repos.deviceHosts.findByName(name))) throw new AppError('conflict');
    const token = `cpj_${randomBytes(24).toString('base64url')}`;
    const now = this.clock.now();
    const expiresAt = now + minutes * 60_000;
    await repos.deviceHosts.addJoinToken(tokenHash(token), name, now, expiresAt);
    return { token, expiresAt };
  }

  /** A host joins with a token: spent in the same unit of work, so two hosts cannot both join with it. */
  async join(token: string, host: HostRegistration): Promise<HostJoinReply> {
    const key = randomBytes(32).toString('hex');
    const record = await this.repos.transaction(async (tx) => {
      const name = await tx.deviceHosts.spendJoinToken(tokenHash(token), this.clock.now());
      if (name === undefined || !joinable(await tx.deviceHosts.findByName(name))) throw new AppError('forbidden');
      return tx.deviceHosts.join(name, key, host, this.clock.now());
    });
    this.hosts.know(record);
    return { hostId: record.id, name: record.name, key };
  }

  /** A joined host beats (its signature already checked): seen now, as it says it is. */
  async beat(hostId: number, host: HostRegistration): Promise<void> {
    await this.repos.deviceHosts.beat(hostId, host, this.clock.now());
    const record = await this.repos.deviceHosts.findById(hostId);
    if (record) this.hosts.know(record);
  }

  /** Stops (`draining`) or resumes new placements on a host; its phones stay where they are. */
  async drain(name: string, draining: boolean, repos: RepositoriesOf<'deviceHosts'> = this.repos): Promise<void> {
    if (!(await repos.deviceHosts.setDraining(name, draining))) throw new AppError('notFound');
  }

  async list(): Promise<HostListing[]> {
    const [records, phones] = await Promise.all([this.repos.deviceHosts.list(), this.repos.deviceHosts.phoneCounts()]);
    return records.map((record) => ({
      ...record,
      phones: phones.get(record.id) ?? 0,
      online: this.hosts.online(record),
    }));
  }
}
