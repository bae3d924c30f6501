import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type {
  HostLockReply,
  HostLockRequest,
  HostPhoneState,
  HostPowerRequest,
  HostRevokeReason,
  HostSyncFollowerEvent,
  HostTaskEvent,
} from '@cloudphone/contracts/host-api';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import { ADB_DOOR_LIMITS, AdbDoor, type AdbDoorLimits } from './adb/adb-door';
import { AdbEndpoints } from './adb/adb-endpoints';
import { AdbPolicy } from './adb/adb-policy';
import { systemClock, type Clock } from './clock';
import type { HostServices, PhoneDriver, PhoneDriverFactory } from './drivers/phone-driver';
import { VirtualFleet } from './drivers/virtual/virtual-fleet';
import { BlobCache } from './phones/blob-cache';
import { PHONE_STORAGE_BYTES, PushRunner, type BlobFetcher } from './phones/pushes';
import { SnapshotCopies } from './phones/snapshot-copies';
import { AccessControl } from './policy/access-control';
import { InputPath } from './policy/input-path';
import { PhonePolicies } from './policy/phone-policies';
import { SyncRelay } from './policy/sync-relay';
import { machineFfmpeg, type Ffmpeg } from './stream/ffmpeg';
import { ScreenFeeds } from './stream/screen-feeds';
import { Viewers } from './stream/viewers';
import { HostStore } from './store/host-store';

export interface DeviceHostOptions {
  /** Where the host keeps its store; `:memory:` for tests. */
  dataDir: string;
  /** Shared only with the control plane: checks access keys and the host API's signatures. */
  hostKey: string;
  clock?: Clock;
  /** The H.264 encoder; found on first use (FFMPEG_PATH, PATH, then the packaged one) when not given; null streams JPEG. */
  ffmpeg?: Ffmpeg | null;
  /** How long installing an app takes on a virtual phone (1.5 s by default). */
  installMs?: number;
  /** What each phone can hold (64 GiB by default; a few MB in tests). */
  phoneStorageBytes?: number;
  /** The fraction of the data folder's disk no write may take (`HOST_DISK_RESERVE`, 5 % by default). */
  diskReserve?: number;
  /** Where its phones' ADB endpoints are reached, and the ports they may take (issue 35); none: no ADB. */
  adb?: HostRegistration['adb'];
  /** Where phones' ADB endpoints listen (issue 35); loopback by default. */
  adbListenHost?: string;
  /** Caps on adb connections and their sign-in deadline (issue 47); ADB_DOOR_LIMITS by default. */
  adbDoor?: Partial<AdbDoorLimits>;
  /** How long after `startTasks` the host gets ready for its phones' first viewers (5 s by default). */
  prepareStreamsAfterMs?: number;
  /** Makes the host's phone driver (`PHONE_DRIVER`); the virtual phones by default. */
  driver?: PhoneDriverFactory;
}

/**
 * A host gets ready for its phones' first viewers this long after it starts: late enough not to take
 * the CPU from start-up and booting phones, early enough to be ready when the first viewer comes.
 */
const PREPARE_STREAMS_AFTER_MS = 5_000;

/**
 * The control plane as the host asks it (issue 20): SDK power calls are decided by the server's
 * policy, function switches, throttle and locks, as the same REST calls are.
 */
export interface ControlPlane {
  power(request: HostPowerRequest): Promise<{ taskId: string } | { refused: ErrorKey }>;
  /** Takes, renews or releases a lock of one of the host's phones (issue 51: ADB writes hold `pushing`). */
  lock?(request: HostLockRequest): Promise<HostLockReply | { refused: ErrorKey }>;
}

/** What the host's own event stream tells its listeners: task changes, and its ask for its phones' state. */
export interface HostListener {
  task(event: HostTaskEvent): void;
  stateWanted?(): void;
  /** A follower of a sync session keeps up, lags or went offline (issue 26). */
  syncFollower?(event: HostSyncFollowerEvent): void;
}

/**
 * A cloud-phone host (DESIGN §4): its phones as its driver runs them (`fleet`), who may open them, the
 * one input path, the streams open to them, pushes, and the ADB front door — wired here. Runs
 * standalone (main.ts) or inside the server process (`npm start`). `Driver` is the virtual phones'
 * unless the host was given another.
 */
export class DeviceHost<Driver extends PhoneDriver = VirtualFleet> {
  readonly clock: Clock;
  readonly store: HostStore;
  /** The host's phones, as its driver runs them. */
  readonly fleet: Driver;
  readonly access: AccessControl;
  /** The locks the control plane told for each phone (issue 20). */
  readonly policies: PhonePolicies;
  /** The one way input reaches a phone (issue 20). */
  readonly input: InputPath;
  /** Who decides SDK power calls; unset until a control plane is known (then they are refused). */
  controlPlane: ControlPlane | undefined;
  /** Where a standalone host reaches the server back (CONTROL_PLANE_URL, or said on subscribing). */
  controlPlaneUrl: string | undefined;
  /** Pushes of files and installs of apps (issue 14), as tasks told on the task events. */
  readonly pushes: PushRunner;
  /** The files this host keeps, by hash: pushes' and those sent over ADB. */
  readonly blobs: BlobCache;
  /** Each phone's ADB endpoint, with its driver's adbd behind it (issue 35). */
  readonly adb: AdbEndpoints;
  /** What viewers watch: each phone's picture drawn and encoded once, whoever watches it. */
  readonly feeds: ScreenFeeds;
  /** The streams and previews open to the phones. */
  readonly viewers: Viewers;
  /** Snapshots moving between hosts. */
  readonly snapshots: SnapshotCopies;
  private readonly adbPolicy: AdbPolicy;
  /**
   * Whether this process serves the host's phones (`startTasks`): the admin CLI opens the same store
   * to make phones, and must not open their ADB endpoints too.
   */
  private serving = false;
  private readonly cacheDir: string;
  private readonly ownsCacheDir: boolean;
  private readonly listeners = new Set<HostListener>();
  private encoder: Ffmpeg | null | undefined;
  private preparingStreams: NodeJS.Timeout | undefined;

  constructor(readonly options: DeviceHostOptions) {
    this.clock = options.clock ?? systemClock;
    this.store = new HostStore(
      options.dataDir === ':memory:' ? ':memory:' : join(options.dataDir, 'device-host.sqlite'),
    );
    this.ownsCacheDir = options.dataDir === ':memory:';
    this.cacheDir = this.ownsCacheDir
      ? mkdtempSync(join(tmpdir(), 'cloudphone-host-blobs-'))
      : join(options.dataDir, 'host-blobs');
    this.blobs = new BlobCache(this.cacheDir, { reserve: options.diskReserve, held: () => this.pushes.heldBlobs() });
    // What a driver may use of the host: read when it asks, as the parts below are made after it.
    const services: HostServices = {
      clock: this.clock,
      input: {
        owner: (instanceNo) => this.input.owner(instanceNo),
        refusal: (...a) => this.input.refusal(...a),
        apply: (...a) => this.input.apply(...a),
      },
      blobs: this.blobs,
      roomOf: (phone) => this.pushes.roomOf(phone),
      power: () => this.controlPlane && ((request) => this.controlPlane!.power(request)),
      lock: () => this.controlPlane?.lock && ((request) => this.controlPlane!.lock!(request)),
      disconnectAdb: (instanceNo) => this.adb.disconnect(instanceNo),
    };
    const installMs = options.installMs ?? 1_500;
    // The virtual phones unless the host was given another driver (the generic's default says so).
    this.fleet = (options.driver?.(services) ??
      new VirtualFleet(this.store, this.clock, { installMs, daemons: services })) as Driver;
    this.feeds = new ScreenFeeds(this.clock, () => this.ffmpeg);
    this.access = new AccessControl(options.hostKey, this.store, this.clock);
    this.policies = new PhonePolicies(this.store);
    // Followers on other hosts get the main's input through the relay, which tells how they took it (issue 32).
    const relay = new SyncRelay((syncId, instanceNo, state) => this.input.tell(syncId, instanceNo, state));
    this.input = new InputPath(
      this.fleet,
      this.policies,
      this.clock,
      (event) => {
        for (const listener of this.listeners) listener.syncFollower?.(event);
      },
      (syncId, peers, input) => relay.forward(syncId, peers, input),
    );
    this.pushes = new PushRunner(this.fleet, this.store, this.clock, this.blobs, {
      phoneStorageBytes: options.phoneStorageBytes ?? PHONE_STORAGE_BYTES,
    });
    this.snapshots = new SnapshotCopies(this.fleet, this.pushes);
    this.viewers = new Viewers(this);
    this.adb = new AdbEndpoints({
      listenHost: options.adbListenHost ?? '127.0.0.1',
      door: new AdbDoor({ ...ADB_DOOR_LIMITS, ...options.adbDoor }),
      driverFor: (instanceNo) => this.fleet.adb(instanceNo),
    });
    this.adbPolicy = new AdbPolicy(this.adb, this.clock);
  }

  /**
   * Starts the host's own work: pushes fetch their files through `fetchBlob` (a control plane in the
   * same process reads its store directly; by default a signed URL is fetched over HTTP), pushes a
   * restart cut short resume, the phones' ADB endpoints open, and a few seconds later an encoder is
   * ready for each picture shape its phones' first viewers most likely ask for.
   */
  startTasks(fetchBlob: BlobFetcher = fetchOverHttp): void {
    this.pushes.start(fetchBlob);
    // A restarted host opens the ADB endpoints it was told of, as it refuses input on the locks it kept.
    this.serving = true;
    for (const state of this.policies.held()) if (state.adb) this.adbPolicy.apply(state.instanceNo, state.adb);
    // The host's first stream would otherwise wait for ffmpeg to start and the first picture to load its fonts.
    const prepareAfter = this.options.prepareStreamsAfterMs ?? PREPARE_STREAMS_AFTER_MS;
    this.preparingStreams = setTimeout(() => this.feeds.prepareFor(this.fleet.list()), prepareAfter).unref();
  }

  /**
   * Every change of a task of this host (DESIGN §10: the host's side of the task events); a new
   * listener is first asked to send the whole state of the host's phones (issue 20: a host asks for
   * it when it starts and whenever the control plane reconnects).
   */
  subscribe(listener: HostListener): () => void {
    const task = (event: HostTaskEvent) => listener.task(event);
    const stopPushes = this.pushes.subscribe(task);
    const stopTimed = this.fleet.subscribeTasks(task);
    this.listeners.add(listener);
    listener.stateWanted?.();
    return () => {
      stopPushes();
      stopTimed();
      this.listeners.delete(listener);
    };
  }

  /** Phones' locks as the control plane tells them; an older or repeated state changes nothing. */
  applyPhoneStates(states: readonly HostPhoneState[]): void {
    for (const state of states)
      if (this.policies.apply(state) && this.serving) this.adbPolicy.apply(state.instanceNo, state.adb ?? null);
  }

  /** Resolves once its driver's devices have answered (at once for virtual phones). */
  async ready(): Promise<void> {
    await this.fleet.ready?.();
  }

  /** The most phones its driver runs, where that is the driver's (a device each, issue 60). */
  get capacity(): number | undefined {
    return this.fleet.capacity;
  }

  /** The ffmpeg phone screens are encoded with, or null when they stream as JPEG. */
  get ffmpeg(): Ffmpeg | null {
    if (this.encoder === undefined)
      this.encoder = this.options.ffmpeg === undefined ? machineFfmpeg() : this.options.ffmpeg;
    return this.encoder;
  }

  /**
   * Access ended early (refund, transfer, grant taken back): keys issued before `before` — the time
   * access ended, which may be a moment before the host hears of it — are refused and their streams
   * close; a key issued after it (the new owner's) stays good. `replaced`: the phone moved to a new
   * instance, where its viewers reconnect with new keys. `reset`: its owner reset it or made it a new
   * machine — the streams of earlier keys close and their viewers reconnect; keys (and grants) stay.
   * `closeAdb`: the phone's ADB endpoint and connections go too, as the server decided (issue 35).
   */
  revoke(
    instanceNo: string,
    userId: number | null,
    before = this.clock.now(),
    reason: HostRevokeReason = 'revoked',
    closeAdb = false,
  ): void {
    if (reason !== 'reset') this.access.revoke(instanceNo, userId, before);
    if (closeAdb) {
      this.policies.endAdb(instanceNo);
      this.adbPolicy.apply(instanceNo, null);
    }
    this.viewers.closeStreams(instanceNo, userId, before, reason);
  }

  /** Streams open to the phone, or to every phone of the host. */
  viewerCount(instanceNo?: string): number {
    return this.viewers.count(instanceNo);
  }

  /** Streams open to the phone that may drive it (sync control refuses a phone driven elsewhere). */
  controllerCount(instanceNo: string): number {
    return this.viewers.controllers(instanceNo);
  }

  close(): void {
    clearTimeout(this.preparingStreams);
    this.adbPolicy.close();
    void this.adb.close();
    this.viewers.close();
    this.feeds.close();
    this.fleet.close();
    this.store.close();
    if (this.ownsCacheDir) rmSync(this.cacheDir, { recursive: true, force: true });
  }
}

/** A push's file from a signed URL of the control plane. */
async function fetchOverHttp(source: string): Promise<Readable> {
  const response = await fetch(source);
  if (!response.ok || !response.body)
    throw Object.assign(new Error(`fetching the file answered ${response.status}`), { status: response.status });
  return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
}
