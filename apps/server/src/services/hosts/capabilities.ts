import type { PhoneCapability } from '@cloudphone/contracts/phone-capabilities';
import { AppError } from '../app-error';
import type { InstanceInfo } from '../../providers/device-hosts/device-host-client';

/**
 * Refuses an operation the phone's driver lacks (issue 61: a handset's new machine, reset, snapshots)
 * with the catalogue's `capabilityMissing`, before any lock is taken or its host is asked.
 */
export function requireCapability(info: Pick<InstanceInfo, 'lacks'>, capability: PhoneCapability): void {
  if (info.lacks.includes(capability)) throw new AppError('capabilityMissing');
}
