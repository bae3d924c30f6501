import type { PhoneListStatus } from '@cloudphone/contracts/phones';

export type StatusTagColor = 'success' | 'default' | 'warning' | 'danger' | 'primary';

export interface StatusTag {
  /** The key under `phones.status` of the locales. */
  label: PhoneListStatus;
  color: StatusTagColor;
}

const COLORS: Record<PhoneListStatus, StatusTagColor> = {
  online: 'success',
  offline: 'default',
  maintenance: 'warning',
  abnormal: 'danger',
  booting: 'primary',
  restarting: 'primary',
  resetting: 'primary',
  expired: 'default',
  transferring: 'warning',
  replacing: 'warning',
  cloning: 'warning',
  templating: 'warning',
  syncing: 'primary',
  new_machine: 'primary',
};

/** The tag a phone's card shows. A lapsed rental reads expired even before its host says so. */
export function statusTag(status: PhoneListStatus, expireTime: number, now: number): StatusTag {
  const shown = expireTime <= now ? 'expired' : status;
  return { label: shown, color: COLORS[shown] };
}
