import type { StatusTagColor } from '../../../components/phones/phone-status';
import type { NewMachineStatus } from '@cloudphone/contracts/new-machine';
import type { TransferStatus } from '@cloudphone/contracts/transfers';

/** The colour of a new-machine record's status tag, in either shell. */
export const NEW_MACHINE_STATUS_COLOR: Record<NewMachineStatus, StatusTagColor> = {
  running: 'primary',
  successful: 'success',
  failed: 'danger',
};

/** The colour of a transfer's status tag, in either shell. */
export const TRANSFER_STATUS_COLOR: Record<TransferStatus, StatusTagColor> = {
  waiting: 'default',
  transferring: 'primary',
  successful: 'success',
  failed: 'danger',
};
