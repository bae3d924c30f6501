import { SCREENSHOT_MAX_DEVICES } from '@cloudphone/contracts/limits';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { BatchOperation, OperationReply } from '../api/phone-operations';

/** One phone's outcome: done (with its picture, for screenshots) or the catalogue message it failed with. */
export type BatchResult =
  | { userPhoneId: number; name: string; ok: true; imageUrl?: string }
  | { userPhoneId: number; name: string; ok: false; message: string };

/** Why a batch cannot start with this many phones (spec §9: screenshots at most 10 devices), or null. */
export function batchRefusal(operation: BatchOperation, count: number): ErrorKey | null {
  if (operation === 'screenshot' && count > SCREENSHOT_MAX_DEVICES) return 'screenshotTooMany';
  return null;
}

/**
 * Runs the operation on each phone in turn, so one refusal (throttled, expired, offline…) never stops
 * the others; each outcome is reported as it comes.
 */
export async function runBatch(
  phones: readonly { userPhoneId: number; name: string }[],
  operate: (userPhoneId: number) => Promise<OperationReply>,
  fallbackMessage: string,
  onResult: (result: BatchResult) => void,
): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  for (const { userPhoneId, name } of phones) {
    let result: BatchResult;
    try {
      const reply = await operate(userPhoneId);
      result = { userPhoneId, name, ok: true, imageUrl: reply.imageUrl };
    } catch (error) {
      result = {
        userPhoneId,
        name,
        ok: false,
        message: error instanceof Error && error.message ? error.message : fallbackMessage,
      };
    }
    results.push(result);
    onResult(result);
  }
  return results;
}
