import type { Readable } from 'node:stream';
import { PUSH_WAIT_FOR_START_MS } from '@cloudphone/contracts/limits';
import type { HostFailureReason, HostPushRequest, HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { Clock } from '../clock';
import type { HostStore } from '../store/host-store';
import { PackageParseError } from '@cloudphone/apk';
import { CapabilityMissing, requireCapability, type DrivenPhone, type PhoneDriver } from '../drivers/phone-driver';
import { BlobMismatch, type BlobCache } from './blob-cache';
import { NoRoom } from './disk-floor';
import type { Task } from './tasks';

/** What a phone can hold by default: files pushed and apps installed share it. */
export const PHONE_STORAGE_BYTES = 64 * 1024 ** 3;

export interface PushRunnerOptions {
  /** What each phone can hold (PHONE_STORAGE_BYTES; a few MB in tests). */
  phoneStorageBytes: number;
}

/** Where a push's file comes from: a signed URL of the control plane, or its blob store in-process. */
export type BlobFetcher = (source: string) => Promise<Readable>;

export class PushFailure extends Error {
  constructor(readonly reason: HostFailureReason) {
    super(reason);
  }
}

/** Progress is told when it moves by this many points (and at the start and end of each stage). */
const PROGRESS_STEP = 2;

/**
 * Pushes of files to phones, and installs of the apps among them (issue 14): each a task whose id
 * the control plane chose, so asking again for the same id (after a crash on either side) answers
 * the task already there and never runs it twice. The file is fetched once per host into its cache
 * (twenty phones, one download), checked against its SHA-256, then placed in the phone's Files or
 * installed. Every step is told as a task event; a task cut short by a restart resumes.
 */
export class PushRunner {
  private readonly active = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(event: HostTaskEvent) => void>();
  private fetchBlob: BlobFetcher | undefined;

  constructor(
    private readonly fleet: PhoneDriver,
    private readonly store: HostStore,
    private readonly clock: Clock,
    private readonly cache: BlobCache,
    private readonly options: PushRunnerOptions,
  ) {}

  /** The cached files someone holds: a phone's file, or the file of a push under way (issue 47). */
  heldBlobs(): Set<string> {
    const held = new Set<string>();
    for (const phone of this.fleet.list()) for (const file of phone.files()) if (file.sha256) held.add(file.sha256);
    for (const task of this.store.runningTasks('push'))
      held.add((JSON.parse(task.request ?? '{}') as Partial<HostPushRequest>).sha256 ?? '');
    return held;
  }

  /** Bytes the phone may still take. */
  roomOf(phone: DrivenPhone): number {
    return this.options.phoneStorageBytes - phone.usedBytes();
  }

  /** Starts taking pushes from `fetchBlob`, resuming those a restart cut short. */
  start(fetchBlob: BlobFetcher): void {
    this.fetchBlob = fetchBlob;
    for (const task of this.store.runningTasks('push')) this.run(task);
  }

  /**
   * The file of blob `sha256` from the control plane's store (`source`), cached by hash, as pushes
   * fetch theirs: what a snapshot moved between hosts arrives as too (issue 21).
   */
  fetchFile(sha256: string, size: number, source: string): Promise<string> {
    const fetchBlob = this.fetchBlob;
    if (!fetchBlob) throw new PushFailure('offline');
    return this.cache.fetch(
      sha256,
      size,
      () => fetchBlob(source),
      () => undefined,
    );
  }

  /** Starts the push `request.taskId` on a phone, or answers the one already started under that id. */
  push(instanceNo: string, request: HostPushRequest): HostTaskEvent {
    const existing = this.store.task(request.taskId);
    if (existing) {
      if (existing.state === 'running') this.run(existing);
      return this.describe(existing);
    }
    this.fleet.require(instanceNo);
    const now = this.clock.now();
    const task: Task = {
      id: request.taskId,
      instanceNo,
      kind: 'push',
      createdAt: now,
      startAt: now,
      finishAt: now,
      failedReason: null,
      state: 'running',
      progress: 0,
      request: JSON.stringify(request),
      stage: 'fetch',
    };
    this.store.saveTask(task);
    this.emit(task);
    this.run(task);
    return this.describe(task);
  }

  /** A push task as it stands, or undefined when this host has none of that id. */
  find(taskId: string): HostTaskEvent | undefined {
    const task = this.store.task(taskId);
    return task?.kind === 'push' ? this.describe(task) : undefined;
  }

  subscribe(listener: (event: HostTaskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Until every push under way has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all(this.active.values());
  }

  private run(task: Task): void {
    if (this.active.has(task.id) || !this.fetchBlob) return;
    const running = this.execute(task, this.fetchBlob)
      .then(
        () => this.finish(task, null),
        (error: unknown) => this.finish(task, error instanceof PushFailure ? error.reason : reasonOf(error)),
      )
      // The host closed under it (its store is gone): the task resumes when the host starts again.
      .catch(() => undefined)
      .finally(() => this.active.delete(task.id));
    this.active.set(task.id, running);
  }

  private async execute(task: Task, fetchBlob: BlobFetcher): Promise<void> {
    const request = JSON.parse(task.request ?? '{}') as HostPushRequest;
    const phone = this.fleet.get(task.instanceNo);
    if (!phone) throw new PushFailure('offline');
    await untilReady(phone);
    if (this.roomOf(phone) < request.size) throw new PushFailure('storageFull');
    let told = 0;
    const file = await this.cache.fetch(
      request.sha256,
      request.size,
      () => fetchBlob(request.source),
      (fraction) => {
        const progress = Math.floor(fraction * 100);
        if (progress - told < PROGRESS_STEP) return;
        told = progress;
        this.progress(task, progress, 'fetch');
      },
    );
    await untilReady(phone);
    if (request.kind === 'app' && request.install) {
      await this.install(task, phone, file, request.size);
      return;
    }
    requireCapability(this.fleet, 'files');
    await phone.placeFile({ name: request.name, size: request.size, time: this.clock.now(), sha256: request.sha256 });
  }

  /** Installs the app pushed: its progress told as the driver installs it; a file that is no package, incompatible. */
  private async install(task: Task, phone: DrivenPhone, file: string, size: number): Promise<void> {
    requireCapability(this.fleet, 'apps');
    this.progress(task, 0, 'install');
    await phone
      .install(file, size, (progress) => this.progress(task, progress, 'install'))
      .catch((error: unknown) => {
        throw error instanceof PackageParseError ? new PushFailure('incompatible') : error;
      });
  }

  private progress(task: Task, progress: number, stage: 'fetch' | 'install'): void {
    task.progress = progress;
    task.stage = stage;
    this.store.updateTask(task.id, { state: 'running', progress, failedReason: null, finishAt: task.finishAt, stage });
    this.emit(task);
  }

  private finish(task: Task, reason: HostFailureReason | null): void {
    task.state = reason ? 'failed' : 'success';
    task.failedReason = reason;
    task.progress = reason ? (task.progress ?? 0) : 100;
    task.finishAt = this.clock.now();
    this.store.updateTask(task.id, {
      state: task.state,
      progress: task.progress,
      failedReason: reason,
      finishAt: task.finishAt,
      stage: task.stage ?? null,
    });
    this.emit(task);
  }

  private describe(task: Task): HostTaskEvent {
    return {
      taskId: task.id,
      kind: 'push',
      instanceNo: task.instanceNo,
      state: task.failedReason ? 'failed' : (task.state ?? 'running'),
      progress: task.progress ?? 0,
      ...(task.stage ? { stage: task.stage } : {}),
      ...(task.failedReason ? { reason: task.failedReason } : {}),
    };
  }

  private emit(task: Task): void {
    const event = this.describe(task);
    for (const listener of this.listeners) listener(event);
  }
}

/** How often a push waiting for its phone to start looks again. */
const READY_POLL_MS = 250;

/**
 * A phone takes a push once it runs (issue 21): one still starting, restarting or resetting is waited
 * for, up to PUSH_WAIT_FOR_START_MS, then the push fails as busy (the user tries again); one switched
 * off by the operator fails as offline at once.
 */
async function untilReady(phone: DrivenPhone): Promise<void> {
  const giveUpAt = Date.now() + PUSH_WAIT_FOR_START_MS;
  for (;;) {
    const status = phone.status();
    if (status === 'online') return;
    if (status !== 'booting' && status !== 'restarting' && status !== 'resetting') throw new PushFailure('offline');
    if (Date.now() >= giveUpAt) throw new PushFailure('busy');
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

function reasonOf(error: unknown): HostFailureReason {
  if (error instanceof BlobMismatch) return 'fileMissing';
  if (error instanceof NoRoom) return 'storageFull';
  if (error instanceof CapabilityMissing) return 'incompatible';
  const status = (error as { status?: number }).status;
  return status === 404 ? 'fileMissing' : 'failed';
}
