import type { PhoneCapability } from '@cloudphone/contracts/phone-capabilities';
import { requireCapability } from '../../hosts/capabilities';
import { randomUUID } from 'node:crypto';
import {
  CONTROL_MIN_VALIDITY_MINUTES,
  POWER_OPERATION_INTERVAL_SECONDS,
  SCREENSHOT_MAX_DEVICES,
  SCREENSHOT_WINDOW_SECONDS,
} from '@cloudphone/contracts/limits';
import type { HostPowerRequest, HostTaskKind } from '@cloudphone/contracts/host-api';
import { SDK_CALL_ACTIONS, type PhoneLockKind } from '@cloudphone/contracts/phone-access';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import { AppError } from '../../app-error';
import type { DeviceHostClient, InstanceInfo, TimedTask } from '../../../providers/device-hosts/device-host-client';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { Throttle, ThrottleRule } from '../../../security/throttle';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { EndOfAccessService } from '../access/end-of-access.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { HostTaskService } from '../tasks/host-task.service';
import type { PhoneAccessService, PhoneGate } from '../access/phone-access.service';
import type { AccessKeys } from '../access/access-keys';

type Task = { taskId: string };
/** A phone that may be operated now, with the host that runs it and what the host says of it. */
export interface Controllable {
  phone: UserPhone;
  client: DeviceHostClient;
  info: InstanceInfo;
}

/** Repeated restarts of one phone (spec §8: "Please do not operate frequently"). */
const POWER_OPERATIONS: ThrottleRule = {
  scope: 'phone-power',
  limit: 1,
  windowMs: POWER_OPERATION_INTERVAL_SECONDS * 1000,
};
/** Screenshots are a batch of at most 10 phones (spec §9): the server holds an account to it too. */
const SCREENSHOTS: ThrottleRule = {
  scope: 'phone-screenshot',
  limit: SCREENSHOT_MAX_DEVICES,
  windowMs: SCREENSHOT_WINDOW_SECONDS * 1000,
};

/** How long a setting's or a reset's lock lasts should its host never say the task ended. */
const TASK_LOCK_MS = 2 * 60_000;
/** Who holds a phone's lock while a host task of the control plane's runs. */
const holderOf = (taskId: string) => `task:${taskId}`;

/**
 * The host task each operation is, and the phone's lock while it runs (DESIGN §10: exclusive, so
 * nothing else runs meanwhile). What it asks of the policy is its catalogue entry's (the gate's).
 */
type Operation = { kind: HostTaskKind; lock?: PhoneLockKind; capability: PhoneCapability };
const REBOOT: Operation = { kind: 'reboot', capability: 'restart' };
const RESET: Operation = { kind: 'reset', lock: 'resetting', capability: 'reset' };
const RESOLUTION: Operation = { kind: 'set-resolution', lock: 'resizing', capability: 'resolution' };
const ROOT: Operation = { kind: 'set-root', lock: 'rooting', capability: 'root' };
const MODEL: Operation = { kind: 'set-model', lock: 'remodelling', capability: 'model' };
const POWER_TASKS: readonly HostTaskKind[] = ['reboot', 'reset', 'set-resolution', 'set-root', 'set-model'];

/**
 * Operations on one phone from the phone view (spec §1, §7) and the SDK: restart, reset, resolution,
 * root, mock model and screenshot. Each is refused for a phone that is expired, nearly expired or
 * unavailable; those that restart the phone are throttled, and the exclusive ones lock the phone
 * until their host task ends (issue 20).
 */
export class PhoneControlService {
  constructor(
    private readonly deps: {
      hosts: DeviceHostsService;
      access: PhoneAccessService;
      /** Who holds the key an SDK power call carries. */
      keys: AccessKeys;
      endOfAccess: EndOfAccessService;
      clock: Clock;
      throttle: Throttle;
      functions: FunctionGate;
      tasks: HostTaskService;
    },
  ) {
    // A task of ours ended on its host: the phone's lock goes with it.
    // A task its host lost is not asked again (a restarted host restarted the phone too): it has failed.
    deps.tasks.register(POWER_TASKS, {
      onMove: async (task) => {
        if (task.state === 'success' || task.state === 'failed')
          await this.deps.access.unlockHolder(holderOf(task.taskId));
      },
    });
  }

  async reboot(gate: PhoneGate, userPhoneId: number): Promise<Task> {
    await this.deps.functions.require(gate.auth, 'reboot_button');
    return this.restarting(gate, userPhoneId, REBOOT, ({ phone, client }, taskId) =>
      client.reboot(phone.instanceNo, taskId),
    );
  }

  /**
   * Factory reset: wipes the user's apps, files, clipboard and notes on the phone; every stream
   * opened before it closes (its viewers reconnect), grants stay.
   */
  async reset(gate: PhoneGate, userPhoneId: number): Promise<Task> {
    await this.deps.functions.require(gate.auth, 'reset_button');
    const task = await this.restarting(gate, userPhoneId, RESET, ({ phone, client }, taskId) =>
      client.reset(phone.instanceNo, taskId),
    );
    await this.deps.endOfAccess.revoke(userPhoneId, 'owner_reset');
    return task;
  }

  setResolution(gate: PhoneGate, userPhoneId: number, resolution: PhoneResolution): Promise<Task> {
    return this.restarting(gate, userPhoneId, RESOLUTION, ({ phone, client }, taskId) =>
      client.setResolution(phone.instanceNo, resolution, taskId),
    );
  }

  async setRoot(gate: PhoneGate, userPhoneId: number, root: boolean): Promise<Task> {
    await this.deps.functions.require(gate.auth, 'root_button');
    return this.restarting(gate, userPhoneId, ROOT, ({ phone, client }, taskId) =>
      client.setRoot(phone.instanceNo, root, taskId),
    );
  }

  /** Passes the phone off as another handset of the host's catalogue; the user's data stays. */
  async mockModel(gate: PhoneGate, userPhoneId: number, manufacturer: string, model: string): Promise<Task> {
    const known = (await this.models(manufacturer)).some((m) => m.model === model);
    if (!known) throw new AppError('productNotExist');
    return this.restarting(gate, userPhoneId, MODEL, ({ phone, client }, taskId) =>
      client.setModel(phone.instanceNo, manufacturer, model, taskId),
    );
  }

  /**
   * An SDK restart or reset its host asks us to decide (issue 20): the key's holder goes through
   * the same policy, function switches, throttle and locks as the REST call.
   */
  async powerFromHost(request: HostPowerRequest, hostId: number | null = null): Promise<Task> {
    const call = request.action === 'restart' ? '/instance/reboot' : '/instance/reset';
    const { gate, userPhoneId } = await this.deps.keys.keyHolder(
      request.accessKey,
      request.instanceNo,
      hostId,
      SDK_CALL_ACTIONS[call],
    );
    return call === '/instance/reboot' ? this.reboot(gate, userPhoneId) : this.reset(gate, userPhoneId);
  }

  async currentModel(gate: PhoneGate, userPhoneId: number): Promise<MockModel> {
    const { phone } = await gate.check(userPhoneId);
    const client = this.deps.hosts.client(phone.deviceHostId);
    const info = client && (await client.describe([phone.instanceNo])).get(phone.instanceNo);
    if (!client || !info) throw new AppError('deviceNotConnected');
    const name = (await client.models()).find((m) => m.model === info.model)?.name ?? info.model;
    return { manufacturer: info.manufacturer, brand: info.brand, model: info.model, name };
  }

  /** The handsets on offer; hosts share one catalogue, so any host that answers is asked. */
  async models(manufacturer?: string): Promise<MockModel[]> {
    const host = this.deps.hosts.all()[0];
    if (!host) throw new AppError('deviceNotConnected');
    const all = await host.models();
    return all
      .filter((m) => manufacturer === undefined || m.manufacturer.toLowerCase() === manufacturer.toLowerCase())
      .map(({ manufacturer, brand, model, name }) => ({ manufacturer, brand, model, name }));
  }

  async manufacturers(): Promise<string[]> {
    return [...new Set((await this.models()).map((m) => m.manufacturer))];
  }

  /** The screen now: what anyone who may watch the phone sees (DESIGN §10). */
  async screenshot(gate: PhoneGate, userPhoneId: number): Promise<Task & { imageUrl: string }> {
    const { phone, client } = await this.controllable(gate, userPhoneId);
    if (!(await this.deps.throttle.hit(SCREENSHOTS, String(gate.auth.userId)))) throw new AppError('tooFrequent');
    const taskId = randomUUID();
    await this.deps.tasks.track(taskId, 'screenshot', phone);
    const png = await client.screenshot(phone.instanceNo).catch(async () => {
      await this.deps.tasks.hear({
        taskId,
        kind: 'screenshot',
        instanceNo: phone.instanceNo,
        state: 'failed',
        progress: 0,
      });
      throw new AppError('screenshotFailed');
    });
    await this.deps.tasks.hear({
      taskId,
      kind: 'screenshot',
      instanceNo: phone.instanceNo,
      state: 'success',
      progress: 100,
    });
    return { taskId, imageUrl: `data:image/png;base64,${png.toString('base64')}` };
  }

  /**
   * Refuses the gate's action on a phone the user may not do it to (the policy), that is busy,
   * expired, nearly expired or unavailable (spec §8, §9).
   */
  private async controllable(gate: PhoneGate, userPhoneId: number): Promise<Controllable> {
    const { phone, until } = await gate.check(userPhoneId);
    const now = this.deps.clock.now();
    if (until <= now) throw new AppError('deviceExpired');
    if (until - now < CONTROL_MIN_VALIDITY_MINUTES * 60_000) throw new AppError('deviceValidityTooShort');
    const client = this.deps.hosts.client(phone.deviceHostId);
    const info = client && (await client.describe([phone.instanceNo])).get(phone.instanceNo);
    if (!client || !info) throw new AppError('deviceNotConnected');
    if (info.status === 'maintenance' || info.status === 'offline' || info.status === 'abnormal')
      throw new AppError('deviceUnavailable');
    return { phone, client, info };
  }

  /**
   * A phone about to restart for the gate's action (here, or by a one-key new machine): not while it
   * is still restarting, nor twice in quick succession; the restart is counted.
   */
  async readyToRestart(gate: PhoneGate, userPhoneId: number, capability: PhoneCapability): Promise<Controllable> {
    const target = await this.controllable(gate, userPhoneId);
    requireCapability(target.info, capability);
    // One power operation per phone per 10 s (spec §8); a phone still starting says so, not that the user went too fast.
    if (!(await this.deps.throttle.hit(POWER_OPERATIONS, String(target.phone.id)))) throw new AppError('tooFrequent');
    if (target.info.status !== 'online') throw new AppError('deviceStarting');
    return target;
  }

  /**
   * An operation that restarts the phone, as a host task we name: its lock (when it takes one) is
   * taken first, and goes when the task ends — or at once, when the host refuses it.
   */
  private async restarting(
    gate: PhoneGate,
    userPhoneId: number,
    operation: Operation,
    operate: (target: Controllable, taskId: string) => Promise<TimedTask>,
  ): Promise<Task> {
    const target = await this.readyToRestart(gate, userPhoneId, operation.capability);
    const taskId = randomUUID();
    const { kind, lock } = operation;
    await this.deps.access.lockFor(gate, userPhoneId, {
      track: (tx) => this.deps.tasks.track(taskId, kind, target.phone, tx),
      ...(lock && { lock: { kind: lock, holder: holderOf(taskId), ttlMs: TASK_LOCK_MS } }),
    });
    let task: TimedTask;
    try {
      task = await operate(target, taskId);
    } catch (error) {
      await this.deps.tasks.hear({ taskId, kind, instanceNo: target.phone.instanceNo, state: 'failed', progress: 0 });
      if (lock) await this.deps.access.unlock([userPhoneId], holderOf(taskId));
      throw error;
    }
    // Held as long as the host expects the task to take; its end, when heard, frees the phone sooner.
    if (lock && task.finishAt) await this.deps.access.holdUntil([userPhoneId], holderOf(taskId), task.finishAt);
    return { taskId: task.taskId };
  }
}
