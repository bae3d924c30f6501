import { randomUUID } from 'node:crypto';
import { errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import type {
  NewMachineRecord as RecordView,
  NewMachineRequest,
  PhoneIdentity,
} from '@cloudphone/contracts/new-machine';
import { numberedPhoneName, type MockModel } from '@cloudphone/contracts/phones';
import { callerLanguage } from '../../../http/caller-language';
import { AppError } from '../../app-error';
import type { JobRunner } from '../../../jobs/job-runner';
import type { InstanceInfo } from '../../../providers/device-hosts/device-host-client';
import type { HostTaskRecord } from '../../../repositories/host-task.repository';
import type { RepositoriesOf } from '../../../repositories/index';
import type { NewMachineRecord } from '../../../repositories/new-machine.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { EndOfAccessService } from '../access/end-of-access.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { HostTaskService } from '../tasks/host-task.service';
import type { PhoneAccessService, PhoneGate } from '../access/phone-access.service';
import type { Controllable, PhoneControlService } from './phone-control.service';

/** The job that asks hosts for the new machines a crash kept from them and finishes those done. */
export const FINISH_NEW_MACHINES_JOB = 'phones.new-machine';
/** A phone stays locked at most this long should its host never report the task. */
const NEW_MACHINE_LOCK_MS = 5 * 60_000;

const holderOf = (taskId: string) => `new-machine:${taskId}`;

/** A brand named by its brand or its manufacturer (Redmi; or Xiaomi for all of Xiaomi's). */
const isOfBrand = (model: MockModel, brand: string) =>
  [model.brand, model.manufacturer].some((name) => name.toLowerCase() === brand.toLowerCase());

/**
 * One-key new machine (spec §1, §3): each phone gets a random handset of the host's catalogue (within
 * a brand when asked) with new IMEI and serial, and its user data is wiped. The records and the
 * phones' `new_machine` locks commit first; then the host makes each phone new under the task id the
 * record holds (idempotent), and a job finishes each record with the new identity when the host's
 * task ends — and asks the host again for one a crash kept from it.
 */
export class NewMachineService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'newMachines' | 'userPhones'>;
      hosts: DeviceHostsService;
      access: PhoneAccessService;
      control: PhoneControlService;
      endOfAccess: EndOfAccessService;
      functions: FunctionGate;
      jobs: JobRunner;
      clock: Clock;
      tasks: HostTaskService;
    },
  ) {
    deps.tasks.register(['new-machine'], {
      onMove: (task) => this.onTask(task),
      restart: async (task) => {
        const record = await this.deps.repos.newMachines.findByTask(task.taskId);
        if (record?.status === 'running') await this.startOnHost(record);
      },
    });
  }

  async start(
    gate: PhoneGate,
    request: NewMachineRequest,
  ): Promise<{ list: { userPhoneId: number; taskId: string }[] }> {
    const { auth } = gate;
    await this.deps.functions.require(auth, 'new_button');
    const catalogue = await this.deps.control.models();
    if (request.brand !== undefined && !catalogue.some((m) => isOfBrand(m, request.brand!)))
      throw new AppError('newMachineBrandUnknown');
    // Each phone must be one the user may operate now: online, not busy, with time left (spec §8, §9).
    const targets: Controllable[] = [];
    for (const userPhoneId of request.userPhoneIds)
      targets.push(await this.deps.control.readyToRestart(gate, userPhoneId, 'new-machine'));
    const now = this.deps.clock.now();
    const records = await this.deps.repos.transaction(async (tx) => {
      const made: NewMachineRecord[] = [];
      // In one order, so two batches sharing phones never wait on each other's locks.
      for (const { phone, info } of [...targets].sort((a, b) => a.phone.id - b.phone.id)) {
        const taskId = randomUUID();
        await gate.check(phone.id, tx);
        await this.deps.access.lock(tx, [phone.id], 'new_machine', holderOf(taskId), NEW_MACHINE_LOCK_MS);
        await this.deps.tasks.track(taskId, 'new-machine', phone, tx);
        // A new machine is a new handset: every stream of the old one closes (its viewers reconnect).
        await this.deps.endOfAccess.revoke(phone.id, 'owner_reset', { tx });
        made.push(
          await tx.newMachines.create({
            tenantId: auth.tenantId,
            userId: auth.userId,
            userPhoneId: phone.id,
            phoneName: phone.name,
            phoneNameNo: phone.nameNo,
            taskId,
            brand: request.brand ?? null,
            before: identityOf(info, catalogue),
            createdAt: now,
          }),
        );
      }
      return made;
    });
    for (const record of records) await this.startOnHost(record).catch(() => undefined);
    this.deps.jobs.trigger(FINISH_NEW_MACHINES_JOB);
    return { list: records.map((r) => ({ userPhoneId: r.userPhoneId, taskId: r.taskId })) };
  }

  /** The user's records, newest first, with each phone's identity before and after. */
  async page(
    auth: AuthUser,
    query: { pageNo: number; pageSize: number },
  ): Promise<{ list: RecordView[]; total: number }> {
    const page = await this.deps.repos.newMachines.page(auth.tenantId, auth.userId, query.pageNo, query.pageSize);
    const language = callerLanguage();
    return {
      total: page.total,
      list: page.list.map((r) => ({
        id: r.id,
        userPhoneId: r.userPhoneId,
        phoneName: r.phoneNameNo === null ? r.phoneName : numberedPhoneName(r.phoneNameNo, language),
        status: r.status,
        brand: r.brand,
        before: r.before,
        after: r.after,
        ...(r.reason ? { reason: errorMessage(r.reason as ErrorKey, language) } : {}),
        createdAt: r.createdAt,
        finishedAt: r.finishedAt,
      })),
    };
  }

  /**
   * Each running record whose task ended while its host could not be read keeps the new identity (or
   * the failure) now and frees the phone; the task model starts again what a host lost.
   */
  async finishPending(): Promise<number> {
    let finished = 0;
    for (const record of await this.deps.repos.newMachines.running()) {
      const task = await this.deps.tasks.find(record.taskId);
      const done = task ? await this.finish(record, task).catch(() => false) : false;
      if (done) finished++;
    }
    return finished;
  }

  /** A new machine's task moved on (the task model heard it): once it ended, its record ends too. */
  private async onTask(task: HostTaskRecord): Promise<void> {
    const record = await this.deps.repos.newMachines.findByTask(task.taskId);
    if (record?.status === 'running') await this.finish(record, task);
  }

  /** Keeps the new identity (or the failure) of an ended task and frees the phone, once. */
  private async finish(record: NewMachineRecord, task: HostTaskRecord): Promise<boolean> {
    if (task.state !== 'success' && task.state !== 'failed') return false;
    const phone = await this.deps.repos.userPhones.findById(record.userPhoneId);
    const client = phone && this.deps.hosts.client(phone.deviceHostId);
    if (!phone || !client) return false;
    const info =
      task.state === 'success' ? (await client.describe([phone.instanceNo])).get(phone.instanceNo) : undefined;
    if (task.state === 'success' && !info) return false;
    const outcome = info
      ? { status: 'successful' as const, after: identityOf(info, await client.models()) }
      : { status: 'failed' as const, reason: 'operationFailed' satisfies ErrorKey };
    return this.deps.repos.transaction(async (tx) => {
      if (!(await tx.newMachines.finish(record.id, outcome, this.deps.clock.now()))) return false;
      await this.deps.access.unlock([record.userPhoneId], holderOf(record.taskId), tx);
      return true;
    });
  }

  /** Asks the phone's host to make it new under the record's task id; asking twice is harmless. */
  private async startOnHost(record: NewMachineRecord): Promise<void> {
    const phone = await this.deps.repos.userPhones.findById(record.userPhoneId);
    const client = phone && this.deps.hosts.client(phone.deviceHostId);
    if (!phone || !client) return;
    await client.newMachine(phone.instanceNo, {
      taskId: record.taskId,
      ...(record.brand ? { brand: record.brand } : {}),
    });
    await this.deps.repos.newMachines.markStarted(record.id, this.deps.clock.now());
  }
}

/** The new-machine parameters of spec §3 as a host tells them, with the handset's marketing name. */
function identityOf(info: InstanceInfo, catalogue: readonly MockModel[]): PhoneIdentity {
  const name = catalogue.find((m) => m.model === info.model)?.name ?? info.model;
  // Android's brand property may be lower case (google): shown as its maker writes its name (Google).
  const brand = info.brand.toLowerCase() === info.manufacturer.toLowerCase() ? info.manufacturer : info.brand;
  return { brand, model: info.model, name, imei: info.imei, serial: info.serial };
}
