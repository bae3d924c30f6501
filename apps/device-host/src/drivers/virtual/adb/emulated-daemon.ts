import type { Duplex } from 'node:stream';
import type { VirtualPhone } from '../virtual-phone';
import type { AdbOperation } from '@cloudphone/contracts/adb';
import { ADB_FEATURES, ADB_NO_ROOT, type AdbBanner, type AdbCaller, type AdbDriver } from '../../../adb/driver';
import { EmulatedPhone, type DaemonMemory, type DaemonServices } from './emulated-phone';
import { systemProperties } from './phone-properties';
import { serviceStream } from '../../../adb/service-stream';
import { COMMANDS } from './shell/command-table';
import { execService, shellService } from './shell/shell-service';
import { ShellSession } from './shell/shell-session';
import { syncService } from './sync-service';

/**
 * adb's services, by the prefix of their names, and what each asks of the phone (issue 53): the
 * daemon checks it once, before it opens the service. A shell checks each of its commands (the
 * command table), sync each of its requests (SEND writes) — they ask nothing more when they open.
 */
const SERVICES: readonly { prefix: string; asks: AdbOperation; open: ServiceOpener }[] = [
  { prefix: 'shell', asks: 'read', open: (phone, service, daemon) => daemon.shell(phone, service) },
  { prefix: 'exec:', asks: 'read', open: (phone, service, daemon) => execService(service, daemon.session(phone)) },
  { prefix: 'sync:', asks: 'read', open: (phone) => syncService(phone) },
  { prefix: 'reboot:', asks: 'reboot', open: async (phone) => ((await phone.reboot()) ? null : serviceStream(noop)) },
  { prefix: 'root:', asks: 'read', open: () => serviceStream((io) => io.write(ADB_NO_ROOT)) },
  { prefix: 'unroot:', asks: 'read', open: () => serviceStream((io) => io.write(ADB_NO_ROOT)) },
];

type ServiceOpener = (
  phone: EmulatedPhone,
  rest: string,
  daemon: EmulatedDaemon,
) => Duplex | null | Promise<Duplex | null>;

const noop = async () => undefined;

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
      features: ADB_FEATURES,
    };
  }

  online(): boolean {
    return this.phone.status() === 'online';
  }

  async open(service: string, caller: AdbCaller): Promise<Duplex | null> {
    const found = SERVICES.find((s) => service.startsWith(s.prefix));
    if (!found) return null;
    const phone = new EmulatedPhone(this.host, this.phone, this.memory, caller, [...Object.keys(COMMANDS), 'sh']);
    // Refused, the service does not open: adb says `error: closed`, as a handset's adbd makes it.
    if (phone.refusalOf(found.asks)) return null;
    return found.open(phone, service.slice(found.prefix.length), this);
  }

  /** An interactive shell, or one command line (`shell:getprop`, `shell,v2,raw:…`). */
  shell(phone: EmulatedPhone, service: string): Duplex | null {
    const session = this.session(phone);
    return shellService(service, session, () => this.prompt(session));
  }

  session(phone: EmulatedPhone): ShellSession {
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
