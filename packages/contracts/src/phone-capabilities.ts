import type { PhoneAction } from './phone-access';

/**
 * What a phone's driver can do (issue 50; DESIGN §4): the host refuses what its driver lacks with the
 * catalogue's `capabilityMissing`, the server refuses it before asking (issue 61), and the faces hide it —
 * a handset has no "new machine", reset or snapshots. A phone's reply names what it lacks.
 */
export const PHONE_CAPABILITIES = [
  /** Its screen as pictures (streams, previews, screenshots). */
  'screen',
  /** Taps, swipes, scrolls and fingers (touch pointers). */
  'touch',
  'keys',
  'text',
  'clipboard',
  'rotate',
  'restart',
  'reset',
  'new-machine',
  'resolution',
  'model',
  'root',
  /** Maintenance, offline, abnormal as the operator sets them. */
  'operator-state',
  /** Files placed in its storage (pushes, adb push). */
  'files',
  /** Packages installed. */
  'apps',
  /** Its user data taken as a snapshot, applied, and moved to another phone of the host. */
  'snapshots',
  /** An adb daemon behind its ADB endpoint. */
  'adb',
] as const;
export type PhoneCapability = (typeof PHONE_CAPABILITIES)[number];

/**
 * The capability an action on a phone needs of its driver, where one does (the access table's actions,
 * DESIGN §10): a handset lacking snapshots has no templates or clones. Configure's root, resolution and
 * model are each their own capability, named by the tool that sets it.
 */
export const CAPABILITY_OF_ACTION: Partial<Record<PhoneAction, PhoneCapability>> = {
  restart: 'restart',
  reset: 'reset',
  newMachine: 'new-machine',
  template: 'snapshots',
  clone: 'snapshots',
  push: 'files',
  adb: 'adb',
};

/** Whether a phone whose driver lacks `lacks` can do `action` at all. */
export function phoneCan(lacks: readonly PhoneCapability[], action: PhoneAction): boolean {
  const needs = CAPABILITY_OF_ACTION[action];
  return needs === undefined || !lacks.includes(needs);
}

/** What a driver of `capabilities` lacks, in the catalogue's order. */
export function lackingOf(capabilities: ReadonlySet<PhoneCapability>): PhoneCapability[] {
  return PHONE_CAPABILITIES.filter((capability) => !capabilities.has(capability));
}
