import { Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserFile } from '@cloudphone/contracts/files';
import { uploadStateText, type UploadItem } from '../stores/uploads';
import { useUploadPicker } from '../hooks/use-upload-picker';
import { formatSize } from '../../../lib/format-size';
import { Name } from '../../../components/Name';

/**
 * The upload view (spec §2): pick apps (APKs) or files, then each one's progress through checking,
 * uploading, verifying or parsing to success or failure. `onUploaded` hears the library entries.
 */
export function UploadPanel({ onUploaded }: { onUploaded?: (files: UserFile[]) => void }) {
  const { t } = useTranslation();
  const { pick, inputProps, items, clearFinished, anyEnded } = useUploadPicker(onUploaded);

  return (
    <section className="cp-upload" aria-label={t('files.uploads')}>
      <div className="cp-upload__actions">
        {(['app', 'file'] as const).map((kind) => (
          <Button key={kind} color="primary" fill={kind === 'app' ? 'solid' : 'outline'} onClick={() => pick(kind)}>
            {t(kind === 'app' ? 'files.installApp' : 'files.uploadFile')}
          </Button>
        ))}
        <input {...inputProps('app')} />
        <input {...inputProps('file')} />
      </div>
      <p className="cp-upload__hint">{t('files.pickHint')}</p>
      {items.length > 0 && (
        <div className="cp-upload__list">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
          {anyEnded && (
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
      <div className={`cp-upload__state${failed ? ' cp-upload__state--failed' : ''}`}>{uploadStateText(item, t)}</div>
    </div>
  );
}
