import type { Adb } from '@yume-chan/adb';
import type { AdbScrcpyClient, AdbScrcpyOptions3_3_3 } from '@yume-chan/adb-scrcpy';
import { AndroidKeyEventAction, type AndroidKeyCode, type ScrcpyControlMessageWriter } from '@yume-chan/scrcpy';
import type { ReadableStream as TangoReadableStream } from '@yume-chan/stream-extra';
import { LANGUAGES, MOBILE_DEFAULT_LANGUAGE, type Language } from '@cloudphone/contracts/locale';
import type { PhoneFacts } from '../phone-driver';
import { connectAdb, type AdbServerAddress } from './adb-link';
import { AndroidStorage } from './android-storage';
import { pushScrcpyServer, startScrcpy } from './scrcpy-link';
import type { AdbCredentialStore } from '@yume-chan/adb';

/**
 * How long a device that stopped answering waits before the host connects again, and how often a
 * connected one is asked whether it is there (a container paused or a cable pulled need not close
 * the connection): a device gone shows offline, and one back online, within 10 s (issue 61).
 */
const RECONNECT_MS = 3_000;
const HEALTH_CHECK_MS = 3_000;

export interface DeviceDeps {
  credentials: AdbCredentialStore;
  adbServer: AdbServerAddress;
  /** The operator's scrcpy server file (`SCRCPY_SERVER`). */
  serverFile: string;
  /** Its state changed (connected, gone, its clipboard). */
  changed(device: AndroidDevice, change: { clipboard?: string }): void;
  log(message: string): void;
}

/**
 * One device of `ANDROID_DEVICES` as the host holds it (issue 60): its adb, who it says it is
 * (`getprop`, `wm`), the scrcpy server pushed once, and a control-only scrcpy server kept running —
 * input and the clipboard go through it whether or not anyone watches. Connected again after a
 * failure; its phone is offline meanwhile.
 */
export class AndroidDevice {
  adb: Adb | undefined;
  facts: PhoneFacts | undefined;
  /** Its system properties (`getprop`) as of its connection: what its adb banner says of it. */
  properties = new Map<string, string>();
  clipboard = '';
  /** Its apps and files, as last read from it. */
  readonly storage = new AndroidStorage(() => this.adb);
  /** Restarting at our ask: the phone says so (not offline) until the device answers again. */
  restarting = false;
  private control: ScrcpyControlMessageWriter | undefined;
  private client: AdbScrcpyClient<AdbScrcpyOptions3_3_3<boolean>> | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private health: NodeJS.Timeout | undefined;
  /** Settles once the first attempt to connect has (whether it did). */
  readonly firstAttempt: Promise<void>;

  constructor(
    readonly serial: string,
    private readonly deps: DeviceDeps,
  ) {
    this.firstAttempt = this.connect();
  }

  get online(): boolean {
    return this.control !== undefined;
  }

  /** Sends a control message when the device answers; input to a device that is gone is dropped. */
  send(write: (control: ScrcpyControlMessageWriter) => Promise<void>): void {
    if (this.control) void write(this.control).catch(() => this.lost());
  }

  key(keyCode: AndroidKeyCode): void {
    this.send(async (c) => {
      await c.injectKeyCode({ action: AndroidKeyEventAction.Down, keyCode, repeat: 0, metaState: 0 });
      await c.injectKeyCode({ action: AndroidKeyEventAction.Up, keyCode, repeat: 0, metaState: 0 });
    });
  }

  /** Whether the device's soft keyboard is up (a text field has focus): `dumpsys input_method`. */
  async keyboardShown(): Promise<boolean> {
    if (!this.adb || !this.online) return false;
    const text = await this.adb.subprocess.noneProtocol.spawnWaitText(['dumpsys', 'input_method']).catch(() => '');
    return /mInputShown=true/.test(text);
  }

  /**
   * The package of the app in front: `dumpsys window`'s focused window (`mCurrentFocus=Window{… u0
   * pkg/.Activity}`), null while it cannot be read (a system dialog, the device away).
   */
  async foregroundPackage(): Promise<string | null> {
    if (!this.adb || !this.online) return null;
    // `displays` only: the whole window dump is large, and this is asked every few seconds.
    const text = await this.adb.subprocess.noneProtocol
      .spawnWaitText(['dumpsys', 'window', 'displays'])
      .catch(() => '');
    return /mCurrentFocus=Window\{\S+ \S+ ([\w.]+)\//.exec(text)?.[1] ?? null;
  }

  /** `adb reboot`: the device goes away and comes back; its phone is restarting meanwhile. */
  async reboot(): Promise<void> {
    const adb = this.adb;
    if (!adb || !this.online) throw new Error('the device is not connected');
    this.restarting = true;
    this.deps.changed(this, {});
    await adb.power.reboot().catch(() => undefined);
  }

  /** What an adb client of its owner wrote through the relay shows: its apps and files read again. */
  async storageChanged(): Promise<void> {
    await this.storage.refresh().catch(() => undefined);
    this.deps.changed(this, {});
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.health);
    void this.client?.close().catch(() => undefined);
    void this.adb?.close().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    try {
      const adb = (this.adb = await connectAdb(this.serial, this.deps.credentials, this.deps.adbServer));
      void adb.disconnected.then(() => this.lost());
      ({ facts: this.facts, properties: this.properties } = await readFacts(adb));
      await this.storage.refresh();
      await pushScrcpyServer(adb, this.deps.serverFile);
      // The server sends the device's name on its first socket — here the control socket, where the
      // client would read it as device messages (it looks for it on the video socket only): not asked.
      const client = (this.client = await startScrcpy(adb, {
        video: false,
        control: true,
        clipboardAutosync: true,
        sendDeviceMeta: false,
      }));
      void client.exited.then(() => this.lost());
      void this.followClipboard(client);
      this.control = client.controller;
      this.restarting = false;
      this.health = setInterval(() => void this.checkHealth(adb), HEALTH_CHECK_MS).unref();
      this.deps.changed(this, {});
    } catch (error) {
      this.deps.log(`android device ${this.serial}: ${(error as Error).message}`);
      this.lost();
    }
  }

  /** The device answers a shell within the check's interval, or it counts as gone. */
  private async checkHealth(adb: Adb): Promise<void> {
    const answered = adb.subprocess.noneProtocol.spawnWaitText(['echo', 'ok']).then((out) => out.trim() === 'ok');
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HEALTH_CHECK_MS).unref());
    if (!(await Promise.race([answered.catch(() => false), timeout])) && this.adb === adb) this.lost();
  }

  private async followClipboard(client: AdbScrcpyClient<AdbScrcpyOptions3_3_3<boolean>>): Promise<void> {
    const clipboard = client.clipboard as TangoReadableStream<string> | undefined;
    if (!clipboard) return;
    const reader = (clipboard as unknown as ReadableStream<string>).getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) return;
      this.clipboard = value;
      this.deps.changed(this, { clipboard: value });
    }
  }

  /** The device stopped answering: its phone is offline until it is connected again. */
  private lost(): void {
    if (this.closed || this.retry) return;
    const wasOnline = this.online;
    clearInterval(this.health);
    this.control = undefined;
    void this.client?.close().catch(() => undefined);
    void this.adb?.close().catch(() => undefined);
    this.client = this.adb = undefined;
    if (wasOnline) this.deps.changed(this, {});
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, RECONNECT_MS).unref();
  }
}

/** Who the device says it is and how it is set: its properties and its window manager's size. */
async function readFacts(adb: Adb): Promise<{ facts: PhoneFacts; properties: Map<string, string> }> {
  const text = await adb.subprocess.noneProtocol.spawnWaitText(['getprop']);
  const props = new Map([...text.matchAll(/^\[([^\]]+)\]: \[([^\]]*)\]$/gm)].map((m) => [m[1]!, m[2]!]));
  const prop = (name: string) => props.get(name) ?? '';
  const size = /(\d+)x(\d+)/.exec(await adb.subprocess.noneProtocol.spawnWaitText(['wm', 'size']));
  const density = /(\d+)/.exec(await adb.subprocess.noneProtocol.spawnWaitText(['wm', 'density']));
  const locale = prop('persist.sys.locale') || prop('ro.product.locale');
  const language = (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : MOBILE_DEFAULT_LANGUAGE;
  const facts: PhoneFacts = {
    identity: {
      brand: prop('ro.product.brand'),
      manufacturer: prop('ro.product.manufacturer'),
      model: prop('ro.product.model'),
      name: prop('ro.product.marketname') || prop('ro.product.model'),
      android: prop('ro.build.version.release'),
      // A handset's IMEI needs a privileged call; the host shows none rather than a made-up one.
      imei: '',
      serial: prop('ro.serialno') || adb.serial,
      androidId: prop('ro.serialno') || adb.serial,
    },
    display: {
      width: Number(size?.[1] ?? 720),
      height: Number(size?.[2] ?? 1280),
      dpi: Number(density?.[1] ?? prop('ro.sf.lcd_density') ?? 320),
    },
    root: prop('ro.debuggable') === '1' && prop('ro.build.type') !== 'user',
    language,
  };
  return { facts, properties: props };
}
