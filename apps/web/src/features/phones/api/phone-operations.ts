import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
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

const BATCH_ENDPOINTS = { reboot: userPhone.reboot, reset: userPhone.reset, screenshot: userPhone.screenshot };

export const operatePhone = (operation: BatchOperation, userPhoneId: number): Promise<OperationReply> =>
  call(BATCH_ENDPOINTS[operation], { query: { userPhoneId }, silent: true });
