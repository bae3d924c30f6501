import type { AdminGame } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import { apiHeaders } from '../../../lib/request';

/** A refusal of the upload, in the server's words. */
export class UploadRefused extends Error {}

/**
 * Sends an APK as the body of the game upload (the console's token and tenant as every call carries
 * them), telling its progress; answers the game the server read from it.
 */
export function uploadGame(clientId: number, file: File, onProgress: (percent: number) => void): Promise<AdminGame> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ clientId: String(clientId), fileName: file.name });
    xhr.open(discover.uploadGame.method, `${discover.uploadGame.path}?${query}`);
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'application/vnd.android.package-archive');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const envelope = JSON.parse(xhr.responseText || 'null') as { code: number; msg: string; data: AdminGame } | null;
      if (envelope?.code === 0) resolve(envelope.data);
      else reject(new UploadRefused(envelope?.msg ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new UploadRefused(''));
    xhr.send(file);
  });
}
