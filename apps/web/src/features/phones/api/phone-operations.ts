import { userPhone } from '@cloudphone/contracts/endpoints/device';
import { call } from '../../../lib/api-client';

/**
 * Power operations and screenshots for the batch page. Each call is silent: the page lists every
 * phone's outcome itself instead of a notification per phone.
 */
export type BatchOperation = 'reboot' | 'reset' | 'screenshot';

export interface OperationReply {
  taskId: string;
  /** Screenshots only: the picture as a PNG data URL. */
  imageUrl?: string;
}

export const operatePhone = (operation: BatchOperation, userPhoneId: number): Promise<OperationReply> =>
  call(userPhone[operation], { query: { userPhoneId }, silent: true });
