import type { ErrorKey } from './errors';
import type { ClientMessage } from './stream';

/**
 * One rule for a phone (DESIGN §10, issue 20): what each holder of a phone may do, and how each
 * action meets the phone's locks. The server's policy, the device host's stream and SDK, sync and
 * ADB all read this table; a route test walks it for every call, message and role.
 */

/** Who holds a phone: its owner, or a grantee with a control or a view grant (spec §6). */
export const PHONE_ROLES = ['owner', 'control', 'view'] as const;
export type PhoneRole = (typeof PHONE_ROLES)[number];

/**
 * How an action meets the phone's locks:
 * - `any`: locks do not matter (watching, reading, naming);
 * - `shared`: runs beside shared work (pushes) and a sync session, refused by an exclusive lock;
 * - `alone`: refused by an exclusive lock and by a sync session (unless it carries the session's id).
 */
export type LockFit = 'any' | 'shared' | 'alone';

export interface PhoneActionRule {
  /** The least a holder must be: `view` lets everyone, `control` the owner and control grantees. */
  least: PhoneRole;
  lock: LockFit;
  /** A privilege a trial phone has not until it is renewed (spec §4, `trialNeedsRenewal`). */
  privilege?: true;
  /** Managing the rental: a grantee is told authorised devices cannot (spec §6), not merely refused. */
  managing?: true;
}

/** Every action on a phone, by what it asks of its holder (DESIGN §10's table). */
export const PHONE_ACTIONS = {
  /** The stream and previews, status, screenshot, About phone, task results. */
  watch: { least: 'view', lock: 'any' },
  /** Touch, keys, text, clipboard. */
  input: { least: 'control', lock: 'alone' },
  restart: { least: 'control', lock: 'alone' },
  /** Push files and install apps: several at once, and on a phone in sync. */
  push: { least: 'control', lock: 'shared' },
  reset: { least: 'owner', lock: 'alone' },
  /** Root, resolution and model. */
  configure: { least: 'owner', lock: 'alone' },
  newMachine: { least: 'owner', lock: 'alone' },
  /** Rename, group. */
  name: { least: 'owner', lock: 'any', managing: true },
  /** Renew and upgrade: paying for a phone that is in sync or being pushed to is fine. */
  renew: { least: 'owner', lock: 'shared', managing: true },
  upgrade: { least: 'owner', lock: 'shared', managing: true },
  transfer: { least: 'owner', lock: 'alone', privilege: true, managing: true },
  grant: { least: 'owner', lock: 'alone', privilege: true, managing: true },
  template: { least: 'owner', lock: 'alone', privilege: true, managing: true },
  /** Put a template on a phone. */
  clone: { least: 'owner', lock: 'alone', privilege: true, managing: true },
  replace: { least: 'owner', lock: 'alone', privilege: true, managing: true },
  sync: { least: 'owner', lock: 'alone', privilege: true, managing: true },
  adb: { least: 'owner', lock: 'alone', privilege: true, managing: true },
} as const satisfies Record<string, PhoneActionRule>;
export type PhoneAction = keyof typeof PHONE_ACTIONS;

const RANK: Record<PhoneRole, number> = { view: 0, control: 1, owner: 2 };

/** Whether a holder in `role` may do `action` at all. */
export function roleAllows(role: PhoneRole, action: PhoneAction): boolean {
  return RANK[role] >= RANK[PHONE_ACTIONS[action].least];
}

/**
 * Why a holder in `role` may not do `action`: a grantee managing the rental (transfer, sync,
 * upgrade…) is told that authorised devices cannot (spec §6); anything else is refused outright.
 */
export function roleRefusal(role: PhoneRole, action: PhoneAction): ErrorKey | null {
  if (roleAllows(role, action)) return null;
  return 'managing' in PHONE_ACTIONS[action] ? 'authorizedDeviceRestricted' : 'forbidden';
}

/** What each stream message asks (DESIGN §4: input is normalised 0..1, so it replays anywhere). */
export const STREAM_MESSAGE_ACTIONS: Record<ClientMessage['type'], PhoneAction> = {
  tap: 'input',
  longpress: 'input',
  swipe: 'input',
  touch: 'input',
  scroll: 'input',
  text: 'input',
  key: 'input',
  rotate: 'input',
  'clipboard-set': 'input',
  'clipboard-get': 'input',
  definition: 'watch',
  keyframe: 'watch',
  ping: 'watch',
  received: 'watch',
  audio: 'watch',
};

/** What input that no viewer sends asks: an app started or stopped over ADB (`AppInput`). */
export const APP_INPUT_ACTION = 'input' satisfies PhoneAction;

/** What each SDK call asks (`/sdk` + path). */
export const SDK_CALL_ACTIONS = {
  '/instance/reboot': 'restart',
  '/instance/reset': 'reset',
  '/instance/task-result': 'watch',
} as const satisfies Record<string, PhoneAction>;

// — locks (DESIGN §10: locks that fit together)

/**
 * What can keep a phone busy, and how: an `exclusive` lock excludes every other lock and every
 * operation; `sync` (held by a sync session) excludes operating the phone alone; `shared` work
 * (pushes, installs) runs beside other shared work and a sync session.
 */
export const PHONE_LOCK_KINDS = {
  transferring: 'exclusive',
  replacing: 'exclusive',
  cloning: 'exclusive',
  templating: 'exclusive',
  resetting: 'exclusive',
  new_machine: 'exclusive',
  // The short ones: the phone restarts to apply a setting.
  rooting: 'exclusive',
  resizing: 'exclusive',
  remodelling: 'exclusive',
  syncing: 'sync',
  pushing: 'shared',
} as const satisfies Record<string, 'exclusive' | 'sync' | 'shared'>;
export type PhoneLockKind = keyof typeof PHONE_LOCK_KINDS;
export const PHONE_LOCK_KIND_NAMES = Object.keys(PHONE_LOCK_KINDS) as PhoneLockKind[];

/** The refusal a phone's lock gives, in the spec's words (spec §4, §8). */
export const LOCK_REFUSAL: Record<PhoneLockKind, ErrorKey> = {
  transferring: 'deviceBusy',
  replacing: 'deviceBusy',
  cloning: 'deviceCloning',
  templating: 'deviceTemplating',
  resetting: 'deviceResetting',
  new_machine: 'deviceNewMachine',
  rooting: 'deviceApplyingSetting',
  resizing: 'deviceApplyingSetting',
  remodelling: 'deviceApplyingSetting',
  syncing: 'deviceInSync',
  pushing: 'devicePushing',
};

/** A lock as the policy and the host see it. */
export interface HeldLock {
  kind: PhoneLockKind;
  /** Who holds it: the operation (`transfer:12`), or the sync session's id. */
  holder: string;
  expiresAt: number;
}

/** The first of `held` that keeps a lock of `kind` from being taken by `holder`, or null. */
export function lockConflict(held: readonly HeldLock[], kind: PhoneLockKind, holder: string): HeldLock | null {
  const wanted = PHONE_LOCK_KINDS[kind];
  for (const lock of held) {
    if (lock.holder === holder) continue;
    const other = PHONE_LOCK_KINDS[lock.kind];
    if (wanted === 'exclusive' || other === 'exclusive') return lock;
    if (wanted === 'sync' && other === 'sync') return lock;
  }
  return null;
}

/**
 * Why `action` cannot run on a phone holding `held` now, or null. Input that carries the id of the
 * sync session holding the phone (`syncId`) drives it; nothing else operates a phone in sync alone.
 */
export function lockRefusal(action: PhoneAction, held: readonly HeldLock[], syncId?: string): ErrorKey | null {
  const fit = PHONE_ACTIONS[action].lock;
  if (fit === 'any') return null;
  const exclusive = held.find((l) => PHONE_LOCK_KINDS[l.kind] === 'exclusive');
  if (exclusive) return LOCK_REFUSAL[exclusive.kind];
  const sync = held.find((l) => l.kind === 'syncing');
  if (fit === 'alone' && sync && sync.holder !== syncId) return LOCK_REFUSAL.syncing;
  return null;
}

/** The live locks among `held`. */
export const liveLocks = (held: readonly HeldLock[], now: number) => held.filter((l) => l.expiresAt > now);

/**
 * What a phone's locks make of its status in the list: the operation that keeps it busy (spec §4),
 * "restarting" while a setting applies, and nothing for pushes.
 */
export const LOCK_STATUS = {
  transferring: 'transferring',
  replacing: 'replacing',
  cloning: 'cloning',
  templating: 'templating',
  resetting: 'resetting',
  new_machine: 'new_machine',
  rooting: 'restarting',
  resizing: 'restarting',
  remodelling: 'restarting',
  syncing: 'syncing',
  pushing: null,
} as const satisfies Record<PhoneLockKind, string | null>;
