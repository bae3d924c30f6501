import { useMemo, useState } from 'react';
import { Button, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UserFile } from '@cloudphone/contracts/files';
import { LazyPopup } from '../../../components/LazyPopup';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
// One phone picker for every page that chooses phones (STYLE: shared phone pieces, not copies).
import { useAllPhones } from '../../../lib/phone-pages';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useLibrary, useRefreshLibrary } from '../api/files';
import { useLibraryActions } from '../hooks/use-library-actions';
import { formatSize } from '../../../lib/format-size';
import { LibraryList } from '../components/LibraryList';
import { PushProgress } from '../components/PushProgress';
import { UploadPanel } from '../components/UploadPanel';
import '../../../components/page-with-footer.css';
import '../files.css';

/**
 * Apps and files (issue 14; spec §2 desktop "app install, file upload and records"): upload into the
 * library, then push chosen files to chosen phones — installing the apps — and follow every phone's
 * progress. Reached from the home page's batch operation, with its chosen phones.
 */
export default function FileManagerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const library = useLibrary();
  const refresh = useRefreshLibrary();
  const actions = useLibraryActions(confirmAction);
  const phones = useAllPhones();
  const [files, setFiles] = useState<ReadonlySet<number>>(new Set());
  const [chosenPhones, setChosenPhones] = useState<ReadonlySet<number>>(
    () => new Set((params.get('userPhoneIds') ?? '').split(',').filter(Boolean).map(Number)),
  );
  const [picking, setPicking] = useState(false);
  const [install, setInstall] = useState(true);
  const [batchId, setBatchId] = useState<string | null>(null);
  const phoneNames = useMemo(() => new Map(phones.phones.map((p) => [p.userPhoneId, p.name])), [phones.phones]);

  const toggle = (set: ReadonlySet<number>, id: number) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const remove = async (file: UserFile) => {
    if (await actions.remove(file)) setFiles((s) => (s.has(file.fileId) ? toggle(s, file.fileId) : s));
  };
  const push = async () => {
    const batch = await actions.push([...files], [...chosenPhones], install);
    setPicking(false);
    setBatchId(batch);
  };

  if (batchId) {
    return (
      <div className="cp-files-page">
        <div className="cp-files-page__body">
          <h3 className="cp-section-title">{t('files.progressTitle')}</h3>
          <PushProgress batchId={batchId} phoneNames={phoneNames} />
        </div>
        <div className="cp-files-page__footer">
          <Button block onClick={() => setBatchId(null)}>
            {t('files.back')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="cp-files-page">
      <div className="cp-files-page__body">
        <UploadPanel onUploaded={() => void refresh()} />
        <h3 className="cp-section-title cp-section-title--padded">
          {t('files.library')}
          {library.data && (
            <span className="cp-library__storage">
              {t('files.storage', {
                used: formatSize(library.data.usedBytes),
                quota: formatSize(library.data.quotaBytes),
              })}
            </span>
          )}
        </h3>
        {library.isPending ? (
          <PageLoading />
        ) : library.isError ? (
          <PageError message={library.error.message} onRetry={() => void library.refetch()} />
        ) : library.data.list.length === 0 ? (
          <PageEmpty description={t('files.empty')} />
        ) : (
          <LibraryList
            files={library.data.list}
            selected={files}
            onToggle={(file) => setFiles((s) => toggle(s, file.fileId))}
            onDelete={(file) => void remove(file)}
          />
        )}
      </div>
      <div className="cp-files-page__footer">
        <Button block color="primary" disabled={files.size === 0} onClick={() => setPicking(true)}>
          {t('files.choosePhones', { count: files.size })}
        </Button>
      </div>
      <LazyPopup visible={picking} onMaskClick={() => setPicking(false)} bodyClassName="cp-push-sheet">
        <div className="cp-files-sheet" aria-label={t('files.pushTitle')}>
          <h3 className="cp-files-sheet__title">{t('files.pushTitle')}</h3>
          {phones.isPending ? (
            <PageLoading />
          ) : phones.isError ? (
            <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />
          ) : (
            <PhonePicker
              phones={phones.phones}
              selected={chosenPhones}
              onToggle={(phone) => setChosenPhones((s) => toggle(s, phone.userPhoneId))}
              onToggleAll={(all) => setChosenPhones(new Set(all ? phones.phones.map((p) => p.userPhoneId) : []))}
            />
          )}
          <div className="cp-push-sheet__install">
            <span>{t('files.install')}</span>
            <Switch checked={install} onChange={setInstall} aria-label={t('files.install')} />
          </div>
          <Button block color="primary" disabled={chosenPhones.size === 0} onClick={() => void push()}>
            {t('files.push')}
          </Button>
        </div>
      </LazyPopup>
    </div>
  );
}
