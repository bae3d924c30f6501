import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { ReplaceBody } from '@cloudphone/contracts/replacement';
import { call } from '../../../lib/api-client';

/** Which of the phones can be replaced now, and why not the others. */
export const previewReplacement = (body: ReplaceBody) => call(userPhone.replacePreview, { body });

/** Replaces the phones; each one's outcome. A replacement takes a while: the request waits for it. */
export const submitReplacement = (body: ReplaceBody) => call(userPhone.replaceSubmit, { body });
