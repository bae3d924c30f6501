import { useRef, type ChangeEvent } from 'react';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { FileKind, UserFile } from '@cloudphone/contracts/files';
import { UPLOAD } from '@cloudphone/contracts/limits';
import { currentLanguage } from '../../../lib/i18n/index';
import { track } from '../../../lib/tracking';
import { notify } from '../../../stores/notifications';
import { uploadEnded, useUploads } from '../stores/uploads';
import { uploadFiles } from '../upload/upload-files';

/** Some in-app browsers' pickers take one file at a time (spec §8: "multiple file upload is not supported"). */
const pickerTakesMany = () => typeof HTMLInputElement !== 'undefined' && 'multiple' in HTMLInputElement.prototype;

/**
 * Picking apps (APKs) or files to upload (spec §2, §5): `pick` opens the picker of a kind, and
 * `inputProps` makes its hidden file input, which uploads what is picked. `onUploaded` hears the
 * library entries. `items` are this session's uploads, each with its progress.
 */
export function useUploadPicker(onUploaded?: (files: UserFile[]) => void) {
  const inputs = { app: useRef<HTMLInputElement>(null), file: useRef<HTMLInputElement>(null) };
  const items = useUploads((s) => s.items);
  const clearFinished = useUploads((s) => s.clearFinished);

  const pick = (kind: FileKind) => {
    if (!pickerTakesMany()) notify(errorMessage('multipleUploadUnsupported', currentLanguage()), 'warning');
    inputs[kind].current?.click();
  };
  const picked = async (kind: FileKind, list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    const uploaded = await uploadFiles(chosen, kind);
    if (uploaded.length > 0) {
      track('upload', { kind, files: uploaded.length });
      onUploaded?.(uploaded);
    }
  };
  const inputProps = (kind: FileKind) => ({
    ref: inputs[kind],
    type: 'file',
    hidden: true,
    multiple: true,
    accept: kind === 'app' ? UPLOAD.packageExtensions.join(',') : undefined,
    'data-testid': `pick-${kind}`,
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      void picked(kind, e.target.files).finally(() => (e.target.value = '')),
  });
  return { pick, inputProps, items, clearFinished, anyEnded: items.some(uploadEnded) };
}
