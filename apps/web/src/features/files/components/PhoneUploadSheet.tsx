import { useState } from 'react';
import { Button, List, Popup, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserFile } from '@cloudphone/contracts/files';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { pushFiles, usePhoneRecords } from '../api/files';
import { PushProgress } from './PushProgress';
import { pushStateText } from '../lib/push-records';
import { UploadPanel } from './UploadPanel';
import '../../../components/page-with-footer.css';
import '../files.css';
import { formatDateTime } from '../../../lib/format-time';
import { Name, shortName } from '../../../components/Name';
import type { PhoneUploadSheetProps } from '../../../lib/joined-views';

/**
 * The phone view's upload tool (spec §2 "upload"): what is uploaded here goes to this phone — a file
 * into its Files, an app installed when "install after upload" is on — with live progress, and the
 * phone's upload and install records below.
 */
export default function PhoneUploadSheet({ userPhoneId, phoneName, onClose, onOpenManager }: PhoneUploadSheetProps) {
  const { t } = useTranslation();
  const [autoInstall, setAutoInstall] = useState(true);
  const [batchId, setBatchId] = useState<string | null>(null);
  const records = usePhoneRecords(userPhoneId);

  const uploaded = async (files: UserFile[]) => {
    const toPush = files.filter((f) => f.kind === 'file' || autoInstall);
    if (toPush.length === 0) return;
    const reply = await pushFiles(
      toPush.map((f) => f.fileId),
      [userPhoneId],
      true,
    );
    setBatchId(reply.batchId);
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="cp-push-sheet">
      <div className="cp-files-sheet" aria-label={t('files.uploadTo', { name: shortName(phoneName) })}>
        <h3 className="cp-files-sheet__title">{t('files.uploadTo', { name: shortName(phoneName) })}</h3>
        <UploadPanel onUploaded={(files) => void uploaded(files)} />
        <div className="cp-push-sheet__install">
          <span>{t('files.autoInstall')}</span>
          <Switch checked={autoInstall} onChange={setAutoInstall} aria-label={t('files.autoInstall')} />
        </div>
        {batchId && <PushProgress batchId={batchId} phoneNames={new Map([[userPhoneId, phoneName]])} />}
        <h4 className="cp-section-title cp-section-title--padded">{t('files.records')}</h4>
        {records.isPending ? (
          <PageLoading />
        ) : records.isError ? (
          <PageError message={records.error.message} onRetry={() => void records.refetch()} />
        ) : records.data.list.length === 0 ? (
          <PageEmpty description={t('files.noRecords')} />
        ) : (
          <List>
            {records.data.list.map((r) => (
              <List.Item key={r.pushId} description={formatDateTime(r.updatedAt)} extra={pushStateText(r, t)}>
                <Name value={r.fileName} />
              </List.Item>
            ))}
          </List>
        )}
        <Button block fill="none" color="primary" onClick={onOpenManager}>
          {t('files.openManager')}
        </Button>
        <Button block onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Popup>
  );
}
