import type { ReplaceBody, ReplacePreview, ReplaceResult } from '@cloudphone/contracts/replacement';
import { request } from '../../../lib/request';

/** Which of the phones can be replaced now, and why not the others. */
export const previewReplacement = (body: ReplaceBody) =>
  request<ReplacePreview>('/api/device/user/phone/replace-preview', { method: 'POST', body });

/** Replaces the phones; each one's outcome. A replacement takes a while: the request waits for it. */
export const submitReplacement = (body: ReplaceBody) =>
  request<{ list: ReplaceResult[] }>('/api/device/user/phone/replace-submit', { method: 'POST', body });
