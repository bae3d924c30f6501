import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserFile } from '@cloudphone/contracts/files';
import { useRefreshLibrary } from '../../../features/files/api/files';
import { useLibraryActions } from '../../../features/files/hooks/use-library-actions';
import { useAllPhones } from '../../../lib/phone-pages';
import { LibraryCard } from './files/LibraryCard';
import { PushDrawer } from './files/PushDrawer';
import { PushProgressCard } from './files/PushProgressCard';
import { PushRecords } from './files/PushRecords';
import { UploadCard } from './files/UploadCard';
import { TabbedScreen } from './TabbedScreen';
import { useConfirm } from '../../components/use-confirm';

/**
 * App install, file upload and records (spec §2 desktop list): upload into the library, push chosen
 * files to several phones — installing the apps — and follow each phone's progress; each phone's
 * upload and install records in the second tab.
 */
export default function FilesScreen() {
  const { t } = useTranslation();
  return (
    <TabbedScreen<'install' | 'records'>
      title={t('desktop.menu.files')}
      keep
      tabs={() => [
        { key: 'install', label: t('files.manager'), children: <InstallAndUpload /> },
        { key: 'records', label: t('files.records'), children: <PushRecords /> },
      ]}
    />
  );
}

function InstallAndUpload() {
  const refresh = useRefreshLibrary();
  const actions = useLibraryActions(useConfirm());
  const phones = useAllPhones();
  const [files, setFiles] = useState<number[]>([]);
  const [choosing, setChoosing] = useState(false);
  const [batchId, setBatchId] = useState<string | null>(null);
  const phoneNames = useMemo(() => new Map(phones.phones.map((p) => [p.userPhoneId, p.name])), [phones.phones]);

  const remove = async (file: UserFile) => {
    if (await actions.remove(file)) setFiles((ids) => ids.filter((id) => id !== file.fileId));
  };
  const push = async (userPhoneIds: number[], install: boolean) => {
    setBatchId(await actions.push(files, userPhoneIds, install));
    setChoosing(false);
  };

  return (
    <div className="cp-desk-work">
      <UploadCard onUploaded={() => void refresh()} />
      <LibraryCard
        selected={files}
        onSelect={setFiles}
        onDelete={(file) => void remove(file).catch(() => undefined)}
        onPush={() => setChoosing(true)}
      />
      {batchId && <PushProgressCard key={batchId} batchId={batchId} phoneNames={phoneNames} />}
      <PushDrawer open={choosing} fileCount={files.length} onClose={() => setChoosing(false)} onPush={push} />
    </div>
  );
}
