import type { DetailedError, Upload } from 'tus-js-client';
import { ResponseCode, type Envelope } from '@cloudphone/contracts/envelope';
import { errorMessage } from '@cloudphone/contracts/errors';
import { UPLOAD_PATH, type FileKind, type UserFile } from '@cloudphone/contracts/files';
import { checkUploadSelection } from '@cloudphone/contracts/validation';
import { currentLanguage } from '../../../lib/i18n/index';
import { apiHeaders, refreshSession } from '../../../lib/request';
import { notify } from '../../../stores/notifications';
import { useUploads } from '../stores/uploads';
import { sha256Of } from './checksum';

/** Each request carries this much: a cut upload loses at most one chunk in flight, and the token is fresh per chunk. */
const CHUNK_BYTES = 32 * 1024 * 1024;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Uploads the files a user picked, one after the other (spec §5: at most 3, each at most 2 GB, a
 * package extension for apps), resumably on the tus protocol: a dropped connection retries from the
 * offset the server has, and picking the same file again after closing the tab resumes it. Each file
 * is hashed first, so the server can verify what it received. Resolves with the library entries.
 */
export async function uploadFiles(files: readonly File[], kind: FileKind): Promise<UserFile[]> {
  const refusal = checkUploadSelection(files, kind);
  if (refusal) {
    notify(errorMessage(refusal, currentLanguage()));
    return [];
  }
  const { add, update } = useUploads.getState();
  const batchId = randomId();
  const items = files.map((file) => ({
    key: randomId(),
    name: file.name,
    size: file.size,
    kind,
    state: 'waiting' as const,
    progress: 0,
  }));
  add(items);
  const done: UserFile[] = [];
  for (const [index, file] of files.entries()) {
    const key = items[index]!.key;
    try {
      update(key, { state: 'checking', progress: 0 });
      const sha256 = await sha256Of(file, (progress) => update(key, { progress }));
      update(key, { state: 'uploading', progress: 0 });
      const uploaded = await send(file, { filename: file.name, kind, batchId, sha256 }, (sent) => {
        update(key, sent < 1 ? { progress: sent } : { state: kind === 'app' ? 'parsing' : 'verifying', progress: 1 });
      });
      update(key, { state: 'success', progress: 1, file: uploaded });
      done.push(uploaded);
    } catch (error) {
      const message = error instanceof Error ? error.message : errorMessage('systemException', currentLanguage());
      update(key, { state: 'failed', error: message });
    }
  }
  return done;
}

/** The envelope a refusal carried (the server answers tus refusals with the catalogue text). */
function envelopeOf(error: unknown): Envelope | null {
  try {
    const body = (error as DetailedError).originalResponse?.getBody();
    return body ? (JSON.parse(body) as Envelope) : null;
  } catch {
    return null;
  }
}

async function send(
  file: File,
  metadata: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<UserFile> {
  const { Upload } = await import('tus-js-client');
  let refreshed = false;
  return new Promise<UserFile>((resolve, reject) => {
    const upload: Upload = new Upload(file, {
      endpoint: new URL(UPLOAD_PATH, window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000, 20_000],
      metadata,
      // The same content of the same kind resumes, whatever the file is called now.
      fingerprint: async () => `cloudphone-upload:${metadata.kind}:${metadata.sha256}`,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(apiHeaders())) req.setHeader(name, value);
      },
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 1),
      // A refusal the server explained (an envelope: expired token, a rule) is not retried blindly;
      // a dropped connection or a server fault is, from the offset the server has.
      onShouldRetry: (error) => {
        if (envelopeOf(error)) return false;
        const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
        return !(status >= 400 && status < 500) || status === 409 || status === 423;
      },
      onSuccess: ({ lastResponse }) => {
        const envelope = JSON.parse(lastResponse.getBody() || 'null') as Envelope<UserFile> | null;
        if (envelope?.code === ResponseCode.OK) resolve(envelope.data);
        else reject(new Error(envelope?.msg || errorMessage('systemException', currentLanguage())));
      },
      onError: (error) => {
        const envelope = envelopeOf(error);
        // The access token ran out during a long upload: refresh it once and go on from where it stopped.
        if (envelope?.code === ResponseCode.TOKEN_EXPIRED && !refreshed) {
          refreshed = true;
          void refreshSession().then((ok) => (ok ? upload.start() : reject(new Error(envelope.msg))));
          return;
        }
        reject(new Error(envelope?.msg || errorMessage('uploadTimeout', currentLanguage())));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
