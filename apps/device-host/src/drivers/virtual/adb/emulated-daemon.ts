import type { Duplex } from 'node:stream';
import type { VirtualPhone } from '../virtual-phone';
import type { AdbBanner, AdbCaller, AdbDriver } from '../../../adb/driver';
import { EmulatedPhone, type DaemonMemory, type DaemonServices } from './emulated-phone';
import { systemProperties } from './phone-properties';
import { serviceStream } from './service-stream';
import { COMMANDS } from './shell/command-table';
import { execService, shellService } from './shell/shell-service';
import { ShellSession } from './shell/shell-session';
import { syncService } from './sync-service';

/**
 * What the daemon tells adb it supports. `abb_exec` and `apex` are left out on purpose: without them
 * adb 29 installs through `exec:cmd package install -S`, which this daemon serves.
 */
const FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir', 'fixed_push_symlink_timestamp'];

/** The emulated adbd of one virtual phone (issue 35): the driver behind the phone's ADB endpoint. */
export class EmulatedDaemon implements AdbDriver {
  constructor(
    private readonly host: DaemonServices,
    private readonly phone: VirtualPhone,
    private readonly memory: DaemonMemory,
  ) {}

  banner(): AdbBanner {
    const props = systemProperties(this.phone.state, true);
    const clean = (value: string | undefined) => (value ?? '').replace(/[;:=,]/g, '_');
    return {
      product: clean(props['ro.product.name']),
      model: clean(props['ro.product.model']),
      device: clean(props['ro.product.device']),
      features: FEATURES,
    };
  }

  online(): boolean {
    return this.phone.status() === 'online';
  }

  async open(service: string, caller: AdbCaller): Promise<Duplex | null> {
    const phone = new EmulatedPhone(this.host, this.phone, this.memory, caller, [...Object.keys(COMMANDS), 'sh']);
    if (service.startsWith('shell')) {
      const session = this.session(phone);
      return shellService(service.slice('shell'.length), session, () => this.prompt(session));
    }
    if (service.startsWith('exec:')) return execService(service.slice('exec:'.length), this.session(phone));
    if (service.startsWith('sync:')) return syncService(phone);
    if (service.startsWith('reboot:')) return (await phone.reboot()) ? null : serviceStream(async () => undefined);
    // adbd of a user build answers root and unroot so; the root switch is the owner's, in the phone's menu.
    if (service.startsWith('root:') || service.startsWith('unroot:'))
      return serviceStream((io) => io.write('adbd cannot run as root in production builds\n'));
    return null;
  }

  private session(phone: EmulatedPhone): ShellSession {
    const root = this.phone.state.root;
    return new ShellSession(phone, {
      HOME: '/',
      PATH: '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/vendor/bin',
      SHELL: '/system/bin/sh',
      USER: root ? 'root' : 'shell',
      HOSTNAME: 'localhost',
      EXTERNAL_STORAGE: '/sdcard',
      ANDROID_DATA: '/data',
      ANDROID_ROOT: '/system',
      TMPDIR: '/data/local/tmp',
    });
  }

  /** mksh's prompt on a handset: `device:/sdcard $ `, `#` for root. */
  private prompt(session: ShellSession): string {
    return `${this.banner().device}:${session.state.cwd} ${this.phone.state.root ? '#' : '$'} `;
  }
}
