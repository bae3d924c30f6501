import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { WebSocket } from 'ws';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import {
  hostSnapshotSchema,
  type HostPhoneState,
  type HostPowerRequest,
  type HostRevokeReason,
  type HostSyncFollowerEvent,
  type HostTaskEvent,
} from '@cloudphone/contracts/host-api';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import { DEFINITIONS, definitionSchema, type Definition } from '@cloudphone/contracts/stream';
import { ADB_DOOR_LIMITS, AdbDoor, type AdbDoorLimits } from './adb/adb-door';
import { AdbEndpoints } from './adb/adb-endpoints';
import { AdbPolicy } from './adb/adb-policy';
import { EmulatedDaemons } from './drivers/virtual/adb/emulated-daemons';
import { AccessControl } from './policy/access-control';
import { systemClock, type Clock } from './clock';
import { BlobCache } from './phones/blob-cache';
import { PhoneFleet } from './drivers/virtual/virtual-fleet';
import { PHONE_STORAGE_BYTES, PushRunner, type BlobFetcher } from './phones/pushes';
import { machineFfmpeg, type Ffmpeg } from './stream/ffmpeg';
import { InputPath } from './policy/input-path';
import { PhonePolicies } from './policy/phone-policies';
import { SyncRelay } from './policy/sync-relay';
import { ScreenFeeds } from './stream/screen-feeds';
import { StreamSession } from './stream/stream-session';
import { PreviewSession } from './stream/preview-session';
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
}

/** What the host's own event stream tells its listeners: task changes, and its ask for its phones' state. */
export interface HostListener {
  task(event: HostTaskEvent): void;
  stateWanted?(): void;
  /** A follower of a sync session keeps up, lags or went offline (issue 26). */
  syncFollower?(event: HostSyncFollowerEvent): void;
}

/** WebSocket close codes the player understands. */
export const CloseCode = { refused: 4001, notFound: 4004 } as const;

/**
 * A cloud-phone host (DESIGN §4): its phones, who may open them, and the streams open to them.
 * Runs standalone (main.ts) or inside the server process (`npm start`).
 */
export class DeviceHost {
  readonly clock: Clock;
  readonly store: HostStore;
  readonly fleet: PhoneFleet;
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
  /** Each phone's ADB endpoint, with the emulated daemon behind it (issue 35). */
  readonly adb: AdbEndpoints;
  private readonly adbPolicy: AdbPolicy;
  /**
   * Whether this process serves the host's phones (`startTasks`): the admin CLI opens the same store
   * to make phones, and must not open their ADB endpoints too.
   */
  private serving = false;
  private readonly cacheDir: string;
  private readonly ownsCacheDir: boolean;
  private readonly streams = new Map<string, Set<StreamSession>>();
  private readonly listeners = new Set<HostListener>();
  private encoder: Ffmpeg | null | undefined;
  private preparingStreams: NodeJS.Timeout | undefined;
  /** What viewers watch: each phone's picture drawn and encoded once, whoever watches it. */
  readonly feeds: ScreenFeeds;

  constructor(readonly options: DeviceHostOptions) {
    this.clock = options.clock ?? systemClock;
    this.store = new HostStore(
      options.dataDir === ':memory:' ? ':memory:' : join(options.dataDir, 'device-host.sqlite'),
    );
    this.fleet = new PhoneFleet(this.store, this.clock);
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
    this.ownsCacheDir = options.dataDir === ':memory:';
    this.cacheDir = this.ownsCacheDir
      ? mkdtempSync(join(tmpdir(), 'cloudphone-host-blobs-'))
      : join(options.dataDir, 'host-blobs');
    this.blobs = new BlobCache(this.cacheDir, { reserve: options.diskReserve, held: () => this.pushes.heldBlobs() });
    this.pushes = new PushRunner(this.fleet, this.store, this.clock, this.blobs, {
      installMs: options.installMs ?? 1_500,
      phoneStorageBytes: options.phoneStorageBytes ?? PHONE_STORAGE_BYTES,
    });
    const daemons = new EmulatedDaemons(this);
    this.adb = new AdbEndpoints({
      listenHost: options.adbListenHost ?? '127.0.0.1',
      door: new AdbDoor({ ...ADB_DOOR_LIMITS, ...options.adbDoor }),
      driverFor: (instanceNo) => daemons.driverFor(instanceNo),
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

  /** The ffmpeg phone screens are encoded with, or null when they stream as JPEG. */
  get ffmpeg(): Ffmpeg | null {
    if (this.encoder === undefined)
      this.encoder = this.options.ffmpeg === undefined ? machineFfmpeg() : this.options.ffmpeg;
    return this.encoder;
  }

  /** Opens a viewer's stream, or closes the socket with the reason it was refused. */
  openStream(
    socket: WebSocket,
    instanceNo: string,
    query: { accessKey?: string; codec?: string; definition?: string },
  ): void {
    const claims = this.access.check(query.accessKey, instanceNo);
    if (typeof claims === 'string') return socket.close(CloseCode.refused, claims);
    const phone = this.fleet.get(instanceNo);
    if (!phone) return socket.close(CloseCode.notFound, 'not found');
    const codec = query.codec === 'jpeg' ? 'jpeg' : 'h264';
    const definition = parseDefinition(query.definition);
    const session = new StreamSession(phone, socket, claims, this.feeds, codec, definition, this.input);
    const open = this.streams.get(instanceNo) ?? new Set();
    open.add(session);
    this.streams.set(instanceNo, open);
    socket.on('close', () => open.delete(session));
    session.start();
  }

  /** Opens a grid's preview channel; the client names its phones by their access keys. */
  openPreviews(socket: WebSocket): void {
    new PreviewSession(socket, this.fleet, this.access, this.clock).start();
  }

  /**
   * Access ended early (refund, transfer, grant taken back): keys issued before `before` — the time
   * access ended, which may be a moment before the host hears of it — are refused and their streams
   * close; a key issued after it (the new owner's) stays good. `replaced`: the phone moved to a new
   * instance, where its viewers reconnect with new keys. `reset`: its owner reset it or made it a new
   * machine — the streams of earlier keys close and their viewers reconnect; keys (and grants) stay.
   */
  revoke(
    instanceNo: string,
    userId: number | null,
    before = this.clock.now(),
    reason: HostRevokeReason = 'revoked',
  ): void {
    if (reason !== 'reset') this.access.revoke(instanceNo, userId, before);
    // Its owner lost the phone (not a grantee, not a reset): its ADB endpoint and connections go (issue 35).
    if (userId === null && reason !== 'reset') {
      this.policies.endAdb(instanceNo);
      this.adbPolicy.apply(instanceNo, null);
    }
    for (const session of this.streams.get(instanceNo) ?? []) {
      if ((userId === null || session.userId === userId) && session.issuedAt < before) session.close(reason);
    }
  }

  /** A snapshot as the bytes it moves between hosts in (issue 21: through the blob store). */
  snapshotBytes(snapshotId: string): Buffer | undefined {
    const snapshot = this.fleet.exportSnapshot(snapshotId);
    return snapshot && Buffer.from(JSON.stringify(snapshot));
  }

  /**
   * Keeps a snapshot another host took, fetched by its hash from the control plane's blob store
   * (`source`) into this host's cache, as pushed files are; once kept, asking again changes nothing.
   */
  async placeSnapshot(snapshotId: string, blob: { sha256: string; size: number; source: string }): Promise<void> {
    if (this.fleet.snapshotInfo(snapshotId)) return;
    const file = await this.pushes.fetchFile(blob.sha256, blob.size, blob.source);
    const snapshot = hostSnapshotSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    if (snapshot.id !== snapshotId) throw new Error(`blob ${blob.sha256} holds snapshot ${snapshot.id}`);
    this.fleet.importSnapshot(snapshot);
  }

  /** Streams open to the phone, or to every phone of the host. */
  viewerCount(instanceNo?: string): number {
    if (instanceNo !== undefined) return this.streams.get(instanceNo)?.size ?? 0;
    let viewers = 0;
    for (const open of this.streams.values()) viewers += open.size;
    return viewers;
  }

  /** Streams open to the phone that may drive it (sync control refuses a phone driven elsewhere). */
  controllerCount(instanceNo: string): number {
    return [...(this.streams.get(instanceNo) ?? [])].filter((s) => s.controls).length;
  }

  close(): void {
    clearTimeout(this.preparingStreams);
    this.adbPolicy.close();
    void this.adb.close();
    for (const sessions of this.streams.values()) for (const s of sessions) s.close();
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

/** `definition` is a preset name (auto, hd, sd, smooth) or `WxH@fps:kbps`. */
function parseDefinition(value: string | undefined): Definition {
  if (value && value in DEFINITIONS) return DEFINITIONS[value as keyof typeof DEFINITIONS];
  const match = value?.match(/^(\d+)x(\d+)@(\d+):(\d+)$/);
  const parsed =
    match &&
    definitionSchema.safeParse({ width: +match[1]!, height: +match[2]!, fps: +match[3]!, bitrate: +match[4]! });
  return parsed && parsed.success ? parsed.data : DEFINITIONS.auto;
}
