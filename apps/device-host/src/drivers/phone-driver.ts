import type { Canvas } from '@napi-rs/canvas';
import type { HostInstance, HostSnapshot, HostSnapshotInfo, HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { Language } from '@cloudphone/contracts/locale';
import type { PhoneResolution } from '@cloudphone/contracts/phones';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type {
  Definition,
  PhoneKey,
  PhoneOrientation,
  PhoneStatus,
  SoundFormat,
  TouchAction,
} from '@cloudphone/contracts/stream';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { HostLockReply, HostLockRequest, HostPowerRequest } from '@cloudphone/contracts/host-api';
import type { PhoneAction } from '@cloudphone/contracts/phone-access';
import { PHONE_CAPABILITIES, type PhoneCapability } from '@cloudphone/contracts/phone-capabilities';
import type { AdbDriver } from '../adb/driver';
import type { Clock } from '../clock';
import type { BlobCache } from '../phones/blob-cache';
import type { Task } from '../phones/tasks';
import type { InputSource, PhoneInput } from '../policy/phone-input';

/**
 * The seam where a phone stands behind the host (DESIGN §4, issue 50): streams, the input path,
 * pushes, snapshots, the SDK, the host API and ADB's front door speak to a `PhoneDriver`, never to
 * how it runs its phones. The virtual phones (`drivers/virtual/`) are the first driver; a handset or a
 * redroid container over adb is another. What a driver cannot do is a capability it lacks: the host
 * refuses it with the catalogue's `capabilityMissing`, and the faces hide it.
 */
export { PHONE_CAPABILITIES, type PhoneCapability };

/** An operation the phone's driver lacks: answered with the catalogue's `capabilityMissing`. */
export class CapabilityMissing extends Error {
  constructor(readonly capability: PhoneCapability) {
    super(`the phone's driver cannot ${capability}`);
  }
}

/** Refuses `capability` unless `driver` has it. */
export function requireCapability(driver: Pick<PhoneDriver, 'capabilities'>, capability: PhoneCapability): void {
  if (!driver.capabilities.has(capability)) throw new CapabilityMissing(capability);
}

/** An operation a driver lacks, as a member of the driver: it refuses with `CapabilityMissing`. */
export function lacks(capability: PhoneCapability): () => never {
  return () => {
    throw new CapabilityMissing(capability);
  };
}

export class PhoneNotFound extends Error {}

/**
 * The driver runs as many phones as it can — every device has one (issue 60): the control plane
 * places by the host's capacity, so this answers only a race, with the catalogue's `stockShortage`.
 */
export class NoFreeDevice extends Error {}

export type OperatorState = 'maintenance' | 'offline' | 'abnormal';
export type Display = PhoneResolution;
export type PhoneIdentityFacts = HostInstance['identity'];

/** A package on a phone. */
export interface InstalledApp {
  packageName: string;
  label: string;
  versionName: string;
  /** The icon as a data URL when the package had one, else a colour for a lettered icon. */
  icon: string;
  /** Bytes the package took (apps installed before sizes were kept count as none). */
  size?: number;
  installedAt: number;
}

/** A file in a phone's shared storage (what Files shows). */
export interface StoredFile {
  name: string;
  size: number;
  time: number;
  /** Its bytes in the host's blob cache (what `adb pull` reads); files kept before ADB have none. */
  sha256?: string;
}

/** Who the phone says it is, and how it is set: what About phone and the control plane show. */
export interface PhoneFacts {
  identity: PhoneIdentityFacts;
  display: Display;
  root: boolean;
  language: Language;
}

/**
 * A phone's screen already encoded as H.264 at a definition (a handset's scrcpy, DESIGN §4): passed to
 * viewers as it comes, never encoded again.
 */
export interface EncodedScreen {
  /** The picture's size in pixels. */
  readonly size: { width: number; height: number };
  /** Hears each access unit (Annex B), whether it is a key frame, and when it was captured. */
  onUnit(listener: (unit: Buffer, key: boolean, capturedAt: number) => void): void;
  /** The next unit is a key frame (a viewer joined, or its decoder failed). */
  requestKeyFrame(): void;
  close(): void;
}

/** A phone's sound already encoded as Opus (a handset's scrcpy, issue 59): passed to listeners as it comes. */
export interface EncodedSound {
  /** Hears each Opus packet (in its phone's `soundFormat`) and when its sound was made. */
  onPacket(listener: (packet: Buffer, capturedAt: number) => void): void;
  close(): void;
}

/** What a phone tells those who watch it: its picture changed, or its clipboard did. */
export type PhoneChange = { type: 'changed' } | { type: 'clipboard'; text: string };

/** One phone as its driver runs it: what the host's parts ask of it. */
export interface DrivenPhone {
  readonly instanceNo: string;
  status(now?: number): PhoneStatus;
  facts(): PhoneFacts;
  subscribe(listener: (change: PhoneChange) => void): () => void;

  // — the screen, drawn at the width a viewer's definition asks for
  readonly orientation: PhoneOrientation;
  /** Changes whenever the picture would: frames are made only then. */
  frameKey(now?: number): string;
  /** The picture's size at `width` pixels wide, known without drawing (an encoder is started for it). */
  pictureSize(width: number): { width: number; height: number };
  /** The picture at `width` (a landscape screen lies on its side); `upright` as its user sees it. */
  render(width: number, upright?: boolean, reuse?: Canvas): Canvas;
  /** A PNG of the screen as it is (a device takes it itself: `screencap -p`). */
  screenshotPng(): Buffer | Promise<Buffer>;
  /** Whether a text field has focus: the viewer then raises its keyboard. */
  textFieldFocused(): boolean;
  /** The package of the app in front, null while the driver cannot tell: the viewer plays its key map (issue 65). */
  foregroundPackage(): string | null;
  /**
   * Its screen already encoded at `definition`, where its driver has one: viewers who take H.264 get it
   * as it is. Without one, the host draws frames (`render`) and encodes them itself.
   */
  encodedScreen?(definition: Definition): EncodedScreen;
  /**
   * Whether its driver serves each definition as an encoded stream of its own at once (`each`, the
   * default: Android's scrcpy, one server per rung with its own `scid`), or one at a time (`one`): then
   * the phone streams the least its viewers ask, and "auto" moves them all together (issue 58).
   */
  readonly encodedRungs?: 'each' | 'one';
  /**
   * Its screen comes only as its device encodes it (a handset, issue 60): every viewer takes its H.264
   * — a browser without WebCodecs decodes it in the player — and it is never drawn on the host
   * (`render` and `screenshotPng` refuse with the `screen` capability's error).
   */
  readonly screenEncodedOnly?: boolean;

  // — its sound (issue 59), as PCM or as Opus its driver encodes (as the screen is frames or video)
  /**
   * Hears its sound as 16-bit PCM, 48 kHz, one channel, while it makes one (nothing while silent); the
   * host codes it to Opus once for every listener. Returns the unsubscribe.
   */
  onSound?(listener: (samples: Int16Array, capturedAt: number) => void): () => void;
  /** Its sound already encoded as Opus, where its driver has it. */
  encodedSound?(): EncodedSound;
  /** What that sound is, where it is not `PHONE_SOUND` (a handset's scrcpy sends stereo). */
  readonly soundFormat?: SoundFormat;

  // — input, in fractions of the screen as its user sees it
  tap(x: number, y: number): void;
  longPress(x: number, y: number): void;
  swipe(y1: number, y2: number): void;
  scroll(dy: number): void;
  touch(action: TouchAction, id: number, x: number, y: number): void;
  typeText(text: string): void;
  key(key: PhoneKey): void;
  rotate(orientation: PhoneOrientation): void;
  setClipboard(text: string): void;
  readonly clipboard: string;

  // — storage
  /** Bytes its files and apps take. */
  usedBytes(): number;
  files(): readonly StoredFile[];
  /** Puts a file in its storage (replacing one of the same name): a device's takes the push's time. */
  placeFile(file: StoredFile): void | Promise<void>;
  /**
   * Installs the package in `file` (a host file): it lands on the launcher, replacing an older
   * version; `onProgress` hears 25, 50 and 75 as it goes. Throws PackageParseError for a file that is
   * not a package.
   */
  install(file: string, size: number, onProgress?: (progress: number) => void): Promise<InstalledApp>;
  /** Removes the installed package (its app leaves the launcher and the screen); false when none is. */
  uninstall(packageName: string): boolean | Promise<boolean>;

  // — apps on screen (`am start`, `am force-stop`: input, replayed by a sync session)
  /** Brings the installed package's app to the screen; false when it has none. */
  openApp(packageName: string): boolean;
  /** Closes the package's app; false when it was not open. */
  closeApp(packageName: string): boolean;
}

/** A host's phones as one driver runs them: made, found, powered, set and snapshotted. */
export interface PhoneDriver {
  /** `PHONE_DRIVER`'s name for it. */
  readonly name: string;
  readonly capabilities: ReadonlySet<PhoneCapability>;

  /** Makes a phone the control plane names (asked again, answers the one made); it boots. */
  create(options?: { instanceNo?: string; display?: Display; language?: Language }): DrivenPhone;
  get(instanceNo: string): DrivenPhone | undefined;
  /**
   * The phone is given back for good (its order refunded, issue 60): a driver of devices frees its
   * device for another phone. Without it, the phone stays (a virtual phone costs nothing kept).
   */
  release?(instanceNo: string): void | Promise<void>;
  /** The phone, or PhoneNotFound. */
  require(instanceNo: string): DrivenPhone;
  list(): DrivenPhone[];

  // — power and settings: each a task the control plane names (asked again with its id, the same task)
  reboot(instanceNo: string, taskId?: string): Task;
  reset(instanceNo: string, taskId?: string): Task;
  newMachine(instanceNo: string, options?: { taskId?: string; brand?: string }): Task;
  setResolution(instanceNo: string, display: Display, taskId?: string): Task;
  setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Task;
  setRoot(instanceNo: string, root: boolean, taskId?: string): Task;
  setOperatorState(instanceNo: string, state: OperatorState | null): void;
  /** A file placed, or a package installed, as a short task (the host API's own calls). */
  pushFile(instanceNo: string, file: StoredFile): Task;
  installApp(instanceNo: string, app: InstalledApp): Task;
  /** Every change of its timed tasks. */
  subscribeTasks(listener: (event: HostTaskEvent) => void): () => void;
  task(taskId: string): TaskResult | undefined;

  // — user data (issue 15): snapshots a template is, moved between phones and hosts
  snapshot(instanceNo: string, snapshotId: string, taskId: string): Task;
  applySnapshot(instanceNo: string, snapshotId: string, taskId: string, options?: { newMachine?: boolean }): Task;
  copyUserData(fromInstanceNo: string, toInstanceNo: string): void;
  snapshotInfo(snapshotId: string): HostSnapshotInfo | undefined;
  exportSnapshot(snapshotId: string): HostSnapshot | undefined;
  importSnapshot(snapshot: HostSnapshot): void;
  deleteSnapshot(snapshotId: string): void;

  /** The handsets its phones can pass for (the control plane's model list). */
  models(): readonly { manufacturer: string; brand: string; model: string; name: string; android: string }[];
  /**
   * The most phones it can run (a device each, issue 60), where that is its own: the host then takes
   * it as its capacity, so stock and placement follow its devices. Undefined: as the host is set.
   */
  readonly capacity?: number;
  /** Resolves once its devices have answered (or failed to): what it can run is known then. */
  ready?(): Promise<void>;
  /** The adb daemon of a phone, behind its ADB endpoint (issue 35); undefined without one. */
  adb(instanceNo: string): AdbDriver | undefined;
  /** The host is closing. */
  close(): void;
}

/**
 * What a driver may use of the host that runs it: the phone's one input path (locks, sync and the
 * client's switches apply to what an adb shell does as to the phone view), the host's files, the
 * control plane's power decision, and the ADB front door.
 */
export interface HostServices {
  clock: Clock;
  input: {
    /** The phone's owner at the phone itself (ADB): on a sync main, their input drives the session. */
    owner(instanceNo: string): InputSource;
    refusal(instanceNo: string, source: InputSource, action: PhoneAction): ErrorKey | null;
    apply(instanceNo: string, source: InputSource, input: PhoneInput): ErrorKey | null;
  };
  blobs: BlobCache;
  /** Bytes the phone may still take. */
  roomOf(phone: DrivenPhone): number;
  /** The control plane's lock call (ADB writes hold `pushing`, issue 53), or undefined while none is known. */
  lock(): ((request: HostLockRequest) => Promise<HostLockReply | { refused: ErrorKey }>) | undefined;
  /** The control plane's power decision, or undefined while none is known. */
  power(): ((request: HostPowerRequest) => Promise<{ taskId: string } | { refused: ErrorKey }>) | undefined;
  /** Ends the phone's adb connections (it restarts, as a handset's sessions end). */
  disconnectAdb(instanceNo: string): void;
}

/** Makes the host's driver from what it may use of the host (`PHONE_DRIVER`, or a test's). */
export type PhoneDriverFactory<Driver extends PhoneDriver = PhoneDriver> = (services: HostServices) => Driver;
