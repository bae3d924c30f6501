import type { Duplex } from 'node:stream';
import { FRAME_HEADER_BYTES, FrameKind } from '@cloudphone/contracts/stream';
import type { AdbBanner, AdbCaller, AdbDriver } from '../../src/adb/driver';
import type { DrivenPhone, PhoneDriver } from '../../src/drivers/phone-driver';
import { serviceStream } from '../../src/adb/service-stream';
import { PHONE_KEY_OF_CODE } from '../../src/drivers/virtual/adb/shell/commands/input';
import type { DeviceHost } from '../../src/host';
import type { PhoneInput } from '../../src/policy/phone-input';
import type { FeedViewer } from '../../src/stream/feed-viewer';
import type { ControlMessage } from './control-messages';
import { parseServerOptions, ScrcpyServerDouble, type DoublePhone } from './scrcpy-server';

/** MotionEvent's actions the server injects. */
const TOUCH_ACTIONS = { 0: 'down', 1: 'up', 2: 'move', 3: 'up' } as const;

/**
 * One device of the scrcpy double (issue 60): a virtual phone's adbd — our emulated one — that also
 * runs the scrcpy server when asked (`app_process … com.genymobile.scrcpy.Server 3.3.3 …`) and answers
 * on `localabstract:scrcpy_<scid>` as the real server does. Its screen is encoded in the double's own
 * process (its own host's ffmpeg); what the control socket says is applied to the phone.
 */
export class ScrcpyDeviceDouble implements AdbDriver {
  private readonly listening = new Map<string, ScrcpyServerDouble>();
  /** The video packets its servers sent (the latest few hundred), for a test to compare with what a viewer got. */
  readonly units: Buffer[] = [];
  /** Hears each unit as it is sent (the double's command line prints their digests). */
  onUnit: ((unit: Buffer) => void) | undefined;

  constructor(
    private readonly host: DeviceHost<PhoneDriver>,
    readonly instanceNo: string,
  ) {}

  private get daemon(): AdbDriver {
    return this.host.fleet.adb(this.instanceNo)!;
  }

  banner(): AdbBanner {
    return this.daemon.banner();
  }

  /** Stopped by the test (a container stopped): its adbd answers nobody. */
  switchedOff = false;

  online(): boolean {
    return !this.switchedOff && this.daemon.online();
  }

  async open(service: string, caller: AdbCaller): Promise<Duplex | null> {
    if (service.startsWith('localabstract:')) return this.listening.get(service.slice(14))?.accept() ?? null;
    const command = /^(?:exec:|shell(?:,[^:]*)?:)(.*)$/.exec(service)?.[1];
    if (command?.includes('app_process')) return this.startServer(command.trim().split(/\s+/), caller);
    return this.daemon.open(service, caller);
  }

  /** `CLASSPATH=<jar> app_process / com.genymobile.scrcpy.Server <version> key=value…` */
  private async startServer(words: string[], caller: AdbCaller): Promise<Duplex> {
    const classpath = words.find((w) => w.startsWith('CLASSPATH='))?.slice('CLASSPATH='.length);
    const main = words.indexOf('com.genymobile.scrcpy.Server');
    if (!classpath || main < 0 || !(await this.exists(classpath, caller)))
      return exited('Error: Could not find or load main class com.genymobile.scrcpy.Server\n');
    let options;
    try {
      options = parseServerOptions(words.slice(main + 1));
    } catch (error) {
      return exited(`[server] ERROR: ${(error as Error).message}\n`);
    }
    const server: ScrcpyServerDouble = new ScrcpyServerDouble(options, this.phoneSide(), () => {
      if (this.listening.get(server.socketName) === server) this.listening.delete(server.socketName);
    });
    this.listening.set(server.socketName, server);
    return server.process();
  }

  /** Whether the server file was pushed where CLASSPATH says (app_process needs its classes). */
  private async exists(path: string, caller: AdbCaller): Promise<boolean> {
    const ls = await this.daemon.open(`exec:ls ${path}`, caller);
    if (!ls) return false;
    let out = '';
    for await (const chunk of ls) out += String(chunk);
    return out.trim() === path;
  }

  private get phone(): DrivenPhone {
    return this.host.fleet.require(this.instanceNo);
  }

  /** What a server asks of the phone: encoding through the double's own host, input through its input path. */
  private phoneSide(): DoublePhone {
    return {
      deviceName: () => this.phone.facts().identity.model,
      encode: (options, onUnit) => {
        const { width: w, height: h } = this.phone.facts().display;
        const scale = options.maxSize ? Math.min(1, options.maxSize / Math.max(w, h)) : 1;
        // The server rounds the size down to a multiple of 8 (ScreenInfo.computeVideoSize).
        const width = Math.floor((w * scale) / 8) * 8;
        const definition = {
          width,
          height: Math.floor((h * scale) / 8) * 8,
          fps: options.maxFps || 30,
          bitrate: Math.round(options.bitRate / 1000),
        };
        const viewer: FeedViewer = {
          picture: () => undefined,
          frame: (data) => {
            const kind = data[0];
            if (kind !== FrameKind.h264Key && kind !== FrameKind.h264Delta) return;
            const unit = data.subarray(FRAME_HEADER_BYTES);
            this.units.push(unit);
            if (this.units.length > 500) this.units.shift();
            this.onUnit?.(unit);
            onUnit(unit, kind === FrameKind.h264Key);
          },
          tick: () => undefined,
          congested: false,
        };
        const feed = this.host.feeds.watch(this.phone, definition, 'h264', viewer);
        return {
          size: this.phone.pictureSize(width),
          keyFrame: () => feed.keyFrameFor(viewer),
          stop: () => feed.leave(viewer),
        };
      },
      control: (message) => {
        const input = inputOf(message, this.phone);
        if (input) this.host.input.apply(this.instanceNo, { role: 'owner' }, input);
      },
      clipboard: () => this.phone.clipboard,
      onClipboard: (listener) => this.phone.subscribe((change) => change.type === 'clipboard' && listener(change.text)),
    };
  }
}

/** What a control message does to the phone, as our input path has it. */
function inputOf(message: ControlMessage, phone: DrivenPhone): PhoneInput | undefined {
  const fraction = (v: number, of: number) => Math.min(1, Math.max(0, v / Math.max(1, of)));
  switch (message.type) {
    case 'touch': {
      const action = TOUCH_ACTIONS[message.action as keyof typeof TOUCH_ACTIONS];
      if (!action) return undefined;
      const { x, y, screenWidth, screenHeight } = message.position;
      const id = Number(message.pointerId % 10n);
      return { type: 'touch', action, id, x: fraction(x, screenWidth), y: fraction(y, screenHeight) };
    }
    case 'keycode': {
      const key = PHONE_KEY_OF_CODE[message.keycode];
      return message.action === 0 && key ? { type: 'key', key } : undefined;
    }
    case 'back-or-screen-on':
      return message.action === 0 ? { type: 'key', key: 'back' } : undefined;
    case 'text':
      return { type: 'text', text: message.text };
    case 'set-clipboard':
      return { type: 'clipboard-set', text: message.text };
    case 'scroll': {
      const { x, y, screenWidth, screenHeight } = message.position;
      const dy = Math.max(-1, Math.min(1, -message.vScroll / 10));
      return { type: 'scroll', x: fraction(x, screenWidth), y: fraction(y, screenHeight), dy };
    }
    case 'start-app':
      // A name may start with '+' (stop it first) or '?' (search by label): the double takes package names.
      return { type: 'app', action: 'start', packageName: message.name.replace(/^[+?]+/, '') };
    case 'rotate':
      return { type: 'rotate', orientation: phone.orientation === 'portrait' ? 'landscape' : 'portrait' };
    default:
      return undefined;
  }
}

/** A process that printed `text` and exited at once (a server that could not start). */
function exited(text: string): Duplex {
  return serviceStream((io) => io.write(text));
}
