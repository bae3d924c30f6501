import { ERRORS, errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { currentLanguage } from '../../../lib/i18n/index';
import { RequestError } from '../../../lib/request';
import { notify } from '../../../stores/notifications';

/** Failures that carry no reason of their own: transport trouble and server faults. */
const WITHOUT_REASON = new Set<number>(
  (
    [
      'systemException',
      'networkError',
      'requestTimeout',
      'gatewayError',
      'interfaceNotFound',
      'otherError',
      'operationFailed',
    ] as const
  ).map((key) => ERRORS[key].code),
);

/**
 * Shows why an operation on the phone failed: a refusal keeps the server's reason (expired, too
 * frequent, under maintenance…), anything else says which operation failed (spec §8).
 */
export function showOperationFailure(error: unknown, failure: ErrorKey): void {
  const code = error instanceof RequestError ? error.code : null;
  // An ended session has already said so and gone to login.
  if (code === ResponseCode.SESSION_INVALID || code === ResponseCode.TOKEN_EXPIRED) return;
  const reasoned = error instanceof RequestError && !WITHOUT_REASON.has(error.code);
  notify(reasoned ? error.message : errorMessage(failure, currentLanguage()));
}
