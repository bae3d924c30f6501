import type { PhoneRole } from '@cloudphone/contracts/phone-access';
import type { AppInput, ClientMessage } from '@cloudphone/contracts/stream';

/** Input that acts on a phone: a viewer's, or an app started or stopped over ADB. */
export type PhoneInput =
  | Extract<
      ClientMessage,
      { type: 'tap' | 'longpress' | 'swipe' | 'touch' | 'scroll' | 'text' | 'key' | 'rotate' | 'clipboard-set' }
    >
  | AppInput;

/**
 * Where input comes from: a viewer's stream (with its key's role), a sync session's fan-out, ADB.
 * `syncId` is the sync session the input belongs to: only such input drives a phone in sync.
 */
export interface InputSource {
  role: PhoneRole;
  syncId?: string;
}
