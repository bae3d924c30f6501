import type { Language } from '@cloudphone/contracts/locale';
import type { PhoneStatus } from '@cloudphone/contracts/stream';
import type { Display } from './catalogue';
import type { PhoneIdentity } from './identity';

export type OperatorState = 'maintenance' | 'offline' | 'abnormal';
export type BusyKind = 'booting' | 'restarting' | 'resetting';

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

export interface StoredFile {
  name: string;
  size: number;
  time: number;
}

export type AppId = 'launcher' | 'settings' | 'about' | 'language' | 'notes' | 'files' | 'game' | `app:${string}`;

/**
 * Everything a phone is, as one JSON document in the host's store. Time-driven state (boot
 * progress, uptime, the game) is kept as timestamps and computed when asked, never ticked.
 */
export interface PhoneState {
  instanceNo: string;
  identity: PhoneIdentity;
  display: Display;
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
  gameStartedAt: number;
  appOpenedAt: number;
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
  state.gameStartedAt = now;
  state.screenStack = ['launcher'];
}

/**
 * Gives `target` the user data of `source` — apps, files, notes, clipboard and the game's progress —
 * as a replacement that moves data does (spec §4 type 2); the target keeps its own identity.
 */
export function copyUserData(source: PhoneState, target: PhoneState): void {
  target.apps = structuredClone(source.apps);
  target.files = structuredClone(source.files);
  target.notes = source.notes;
  target.clipboard = source.clipboard;
  target.gameStartedAt = source.gameStartedAt;
}
