import {
  CONTROL_MIN_VALIDITY_MINUTES,
  POWER_OPERATION_INTERVAL_SECONDS,
  SCREENSHOT_MAX_DEVICES,
  SCREENSHOT_WINDOW_SECONDS,
} from '@cloudphone/contracts/limits';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import { AppError } from '../http/app-error';
import type { DeviceHostClient, InstanceInfo } from '../providers/device-hosts/device-host-client';
import type { UserPhone } from '../repositories/user-phone.repository';
import type { Throttle, ThrottleRule } from '../security/throttle';
import type { AuthUser } from './auth.service';
import type { Clock } from './clock';
import type { DeviceHostsService } from './device-hosts.service';
import type { FunctionGate } from './function-gate';
import type { PhoneAccessService } from './phone-access.service';

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

/**
 * Operations on one phone from the phone view (spec §1, §7): restart, reset, resolution, root, mock
 * model and screenshot. Each is refused for a phone that is expired, nearly expired or unavailable.
 */
export class PhoneControlService {
  constructor(
    private readonly hosts: DeviceHostsService,
    private readonly access: PhoneAccessService,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly functions: FunctionGate,
  ) {}

  async reboot(auth: AuthUser, userPhoneId: number): Promise<Task> {
    await this.functions.require(auth, 'reboot_button');
    return this.restarting(auth, userPhoneId, ({ phone, client }) => client.reboot(phone.instanceNo));
  }

  /** Factory reset: wipes the user's apps, files, clipboard and notes on the phone. */
  async reset(auth: AuthUser, userPhoneId: number): Promise<Task> {
    await this.functions.require(auth, 'reset_button');
    return this.restarting(auth, userPhoneId, ({ phone, client }) => client.reset(phone.instanceNo));
  }

  setResolution(auth: AuthUser, userPhoneId: number, resolution: PhoneResolution): Promise<Task> {
    return this.restarting(auth, userPhoneId, ({ phone, client }) =>
      client.setResolution(phone.instanceNo, resolution),
    );
  }

  async setRoot(auth: AuthUser, userPhoneId: number, root: boolean): Promise<Task> {
    await this.functions.require(auth, 'root_button');
    return this.restarting(auth, userPhoneId, ({ phone, client }) => client.setRoot(phone.instanceNo, root));
  }

  /** Passes the phone off as another handset of the host's catalogue; the user's data stays. */
  async mockModel(auth: AuthUser, userPhoneId: number, manufacturer: string, model: string): Promise<Task> {
    const known = (await this.models(manufacturer)).some((m) => m.model === model);
    if (!known) throw new AppError('productNotExist');
    return this.restarting(auth, userPhoneId, ({ phone, client }) =>
      client.setModel(phone.instanceNo, manufacturer, model),
    );
  }

  async currentModel(auth: AuthUser, userPhoneId: number): Promise<MockModel> {
    const { phone } = await this.access.openablePhone(auth, userPhoneId);
    const client = this.hosts.client(phone.deviceHostId);
    const info = client && (await client.describe([phone.instanceNo])).get(phone.instanceNo);
    if (!client || !info) throw new AppError('deviceNotConnected');
    const name = (await client.models()).find((m) => m.model === info.model)?.name ?? info.model;
    return { manufacturer: info.manufacturer, brand: info.brand, model: info.model, name };
  }

  /** The handsets on offer; hosts share one catalogue, so the placement host's is asked. */
  async models(manufacturer?: string): Promise<MockModel[]> {
    const all = await this.hosts.placement().client.models();
    return all
      .filter((m) => manufacturer === undefined || m.manufacturer.toLowerCase() === manufacturer.toLowerCase())
      .map(({ manufacturer, brand, model, name }) => ({ manufacturer, brand, model, name }));
  }

  async manufacturers(): Promise<string[]> {
    return [...new Set((await this.models()).map((m) => m.manufacturer))];
  }

  async screenshot(auth: AuthUser, userPhoneId: number): Promise<Task & { imageUrl: string }> {
    const { phone, client } = await this.controllable(auth, userPhoneId);
    if (!(await this.throttle.hit(SCREENSHOTS, String(auth.userId)))) throw new AppError('tooFrequent');
    const png = await client.screenshot(phone.instanceNo).catch(() => {
      throw new AppError('screenshotFailed');
    });
    return {
      taskId: `screenshot-${phone.id}-${this.clock.now()}`,
      imageUrl: `data:image/png;base64,${png.toString('base64')}`,
    };
  }

  /**
   * Refuses operating a phone the user may not operate (the owner, or a control grantee: the policy),
   * that is busy, expired, nearly expired or unavailable (spec §8, §9).
   */
  private async controllable(auth: AuthUser, userPhoneId: number): Promise<Controllable> {
    const { phone, until } = await this.access.authorize(auth, userPhoneId, 'operate');
    const now = this.clock.now();
    if (until <= now) throw new AppError('deviceExpired');
    if (until - now < CONTROL_MIN_VALIDITY_MINUTES * 60_000) throw new AppError('deviceValidityTooShort');
    const client = this.hosts.client(phone.deviceHostId);
    const info = client && (await client.describe([phone.instanceNo])).get(phone.instanceNo);
    if (!client || !info) throw new AppError('deviceNotConnected');
    if (info.status === 'maintenance' || info.status === 'offline' || info.status === 'abnormal')
      throw new AppError('deviceUnavailable');
    return { phone, client, info };
  }

  /**
   * A phone about to restart (here, or by a one-key new machine): not while it is still restarting,
   * nor twice in quick succession; the restart is counted.
   */
  async readyToRestart(auth: AuthUser, userPhoneId: number): Promise<Controllable> {
    const target = await this.controllable(auth, userPhoneId);
    if (target.info.status !== 'online' || !(await this.throttle.hit(POWER_OPERATIONS, String(target.phone.id))))
      throw new AppError('tooFrequent');
    return target;
  }

  /** An operation that restarts the phone. */
  private async restarting(
    auth: AuthUser,
    userPhoneId: number,
    operate: (target: Controllable) => Promise<Task>,
  ): Promise<Task> {
    return operate(await this.readyToRestart(auth, userPhoneId));
  }
}
