import { track } from '../../../lib/tracking';
import { useRef } from 'react';
import { Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { FileKind, UserFile } from '@cloudphone/contracts/files';
import { UPLOAD } from '@cloudphone/contracts/limits';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { useUploads, type UploadItem } from '../stores/uploads';
import { uploadFiles } from '../upload/upload-files';
import { formatSize } from '../../../lib/format-size';
import { Name } from '../../../components/Name';

/** Some in-app browsers' pickers take one file at a time (spec §8: "multiple file upload is not supported"). */
const pickerTakesMany = () => typeof HTMLInputElement !== 'undefined' && 'multiple' in HTMLInputElement.prototype;

/**
 * The upload view (spec §2): pick apps (APKs) or files, then each one's progress through checking,
 * uploading, verifying or parsing to success or failure. `onUploaded` hears the library entries.
 */
export function UploadPanel({ onUploaded }: { onUploaded?: (files: UserFile[]) => void }) {
  const { t } = useTranslation();
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

  return (
    <section className="cp-upload" aria-label={t('files.uploads')}>
      <div className="cp-upload__actions">
        {(['app', 'file'] as const).map((kind) => (
          <Button key={kind} color="primary" fill={kind === 'app' ? 'solid' : 'outline'} onClick={() => pick(kind)}>
            {t(kind === 'app' ? 'files.installApp' : 'files.uploadFile')}
          </Button>
        ))}
        <input
          ref={inputs.app}
          type="file"
          hidden
          multiple
          accept={UPLOAD.packageExtensions.join(',')}
          data-testid="pick-app"
          onChange={(e) => void picked('app', e.target.files).finally(() => (e.target.value = ''))}
        />
        <input
          ref={inputs.file}
          type="file"
          hidden
          multiple
          data-testid="pick-file"
          onChange={(e) => void picked('file', e.target.files).finally(() => (e.target.value = ''))}
        />
      </div>
      <p className="cp-upload__hint">{t('files.pickHint')}</p>
      {items.length > 0 && (
        <div className="cp-upload__list">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
          {items.some((i) => i.state === 'success' || i.state === 'failed') && (
            <Button size="mini" fill="none" onClick={clearFinished}>
              {t('files.clearFinished')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const failed = item.state === 'failed';
  return (
    <div className="cp-upload__row" data-testid="upload-row" data-state={item.state}>
      <div className="cp-upload__name">
        <Name value={item.name} />
        <span className="cp-upload__size">{formatSize(item.size)}</span>
      </div>
      <ProgressBar
        percent={Math.round(item.progress * 100)}
        style={{ '--fill-color': failed ? 'var(--adm-color-danger)' : 'var(--adm-color-primary)' }}
        aria-label={item.name}
      />
      <div className={`cp-upload__state${failed ? ' cp-upload__state--failed' : ''}`}>
        {t(`files.upload.${item.state}`)}
        {item.state === 'uploading' || item.state === 'checking' ? ` ${Math.round(item.progress * 100)}%` : ''}
        {failed && item.error ? ` · ${item.error}` : ''}
      </div>
    </div>
  );
}
