import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { PHONE_LIST_STATUSES } from '@cloudphone/contracts/phones';
import { statusTag } from './phone-status';

const NOW = Date.UTC(2026, 0, 1);
const LATER = NOW + 3_600_000;

describe('the status tag of a phone card', () => {
  it('names every server status in the user language', () => {
    const labels = PHONE_LIST_STATUSES.map((s) => i18next.t(`phones.status.${statusTag(s, LATER, NOW).label}`));
    expect(labels).toEqual([
      'Transferring',
      'Replacing',
      'Cloning',
      'Making template',
      'In sync',
      'Resetting',
      'New machine',
      'Online',
      'Offline',
      'Maintenance',
      'Fault',
      'Starting',
      'Restarting',
      'Expired',
    ]);
  });

  it('colours a running phone green, a fault red and a transition blue', () => {
    expect(statusTag('online', LATER, NOW).color).toBe('success');
    expect(statusTag('abnormal', LATER, NOW).color).toBe('danger');
    expect(statusTag('restarting', LATER, NOW).color).toBe('primary');
  });

  it('shows a lapsed rental as expired whatever its host reports', () => {
    expect(statusTag('online', NOW - 1, NOW)).toEqual({ label: 'expired', color: 'default' });
  });
});
