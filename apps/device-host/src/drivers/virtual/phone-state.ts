import type { Language } from '@cloudphone/contracts/locale';
import type { PhoneStatus } from '@cloudphone/contracts/stream';
import type { PhoneOrientation } from '@cloudphone/contracts/stream';
import type { Display, InstalledApp, OperatorState, StoredFile } from '../phone-driver';
import type { PhoneIdentity } from './identity';

export type BusyKind = 'booting' | 'restarting' | 'resetting';

export type AppId = 'launcher' | 'settings' | 'about' | 'language' | 'notes' | 'files' | 'game' | `app:${string}`;

/**
 * Everything a phone is, as one JSON document in the host's store. Time-driven state (boot
 * progress, uptime, the game) is kept as timestamps and computed when asked, never ticked.
 */
export interface PhoneState {
  instanceNo: string;
  identity: PhoneIdentity;
  display: Display;
  /** Which way up the display is (the viewer's rotate control); absent in phones saved before it: portrait. */
  orientation?: PhoneOrientation;
  root: boolean;
  /** The system language (Settings → Language); a new phone takes its owner's. Kept through a reset. */
  language: Language;
  operatorState: OperatorState | null;
  /** A power operation under way until a time; the phone is back online after it. */
  busy: { kind: BusyKind; until: number } | null;
  bootedAt: number;
  createdAt: number;
  /** The app on screen is the last; back pops it. */
  screenStack: AppId[];
  notes: string;
  clipboard: string;
  files: StoredFile[];
  apps: InstalledApp[];
  /** Settings a script put over ADB (`settings put system foo 1`), by `namespace/key`; a reset wipes them. */
  settings?: Record<string, string>;
  gameStartedAt: number;
  /** Gold the game's Mine button added (issue 65); absent in phones saved before it: none. */
  gameMined?: number;
  appOpenedAt: number;
  /** The media volume, 0 … VOLUME_STEPS (issue 59); absent in phones saved before it: the default. */
  volume?: number;
}

export function statusOf(state: PhoneState, now: number): PhoneStatus {
  if (state.operatorState) return state.operatorState;
  if (state.busy && state.busy.until > now) return state.busy.kind;
  return 'online';
}

/** The user's own data, which a reset wipes; identity, display and root stay. */
export function wipeUserData(state: PhoneState, now: number): void {
  state.apps = [];
  state.files = [];
  state.clipboard = '';
  state.notes = '';
  delete state.settings;
  state.gameStartedAt = now;
  delete state.gameMined;
  state.screenStack = ['launcher'];
}

/**
 * A phone's user data as a template keeps it (issue 15): what a reset wipes — apps, files, notes,
 * clipboard, the idle game's progress — and the settings its user chose (the system language).
 * Identity, display and root belong to the phone and stay with it.
 */
export interface UserData {
  apps: InstalledApp[];
  files: StoredFile[];
  notes: string;
  clipboard: string;
  language: Language;
  /** How far the idle game had come: its play time in ms when the data was taken. */
  gamePlayedMs: number;
  /** And the gold its Mine button had added (absent in data taken before it). */
  gameMined?: number;
}

/** The phone's user data as it is at `now`. */
export function takeUserData(state: PhoneState, now: number): UserData {
  return {
    apps: structuredClone(state.apps),
    files: structuredClone(state.files),
    notes: state.notes,
    clipboard: state.clipboard,
    language: state.language,
    gamePlayedMs: Math.max(0, now - state.gameStartedAt),
    gameMined: state.gameMined ?? 0,
  };
}

/** Replaces the phone's user data with `data`; the game goes on from where it had come. */
export function applyUserData(target: PhoneState, data: UserData, now: number): void {
  target.apps = structuredClone(data.apps);
  target.files = structuredClone(data.files);
  target.notes = data.notes;
  target.clipboard = data.clipboard;
  target.language = data.language;
  target.gameStartedAt = now - data.gamePlayedMs;
  target.gameMined = data.gameMined ?? 0;
  target.screenStack = ['launcher'];
}

/**
 * Bytes the user data takes: the files and installed apps as the phone's storage counts them, and the
 * rest of the data itself (notes, clipboard…) — a template of a phone with apps is as large as they are.
 */
export function userDataSize(data: UserData): number {
  return storageUsed(data) + Buffer.byteLength(JSON.stringify({ ...data, files: [], apps: [] }));
}

/** Bytes a phone's files and apps take (apps installed before sizes were kept count as none). */
export function storageUsed(state: Pick<PhoneState, 'files' | 'apps'>): number {
  return state.files.reduce((sum, f) => sum + f.size, 0) + state.apps.reduce((sum, a) => sum + (a.size ?? 0), 0);
}
