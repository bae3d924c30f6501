import { useState } from 'react';
import { Button, Drawer, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllPhones } from '../../../../lib/phone-pages';
import { PhoneTable } from '../../../components/PhoneTable';
import { QueryState } from '../../../components/Screen';

interface PushDrawerProps {
  open: boolean;
  fileCount: number;
  onClose: () => void;
  /** Pushes the chosen files to these phones; resolves once the push has started. */
  onPush: (userPhoneIds: number[], install: boolean) => Promise<void>;
}

/** The side panel that sends the chosen files to several phones, installing the apps among them. */
export function PushDrawer({ open, fileCount, onClose, onPush }: PushDrawerProps) {
  const { t } = useTranslation();
  const phones = useAllPhones();
  const [selected, setSelected] = useState<number[]>([]);
  const [install, setInstall] = useState(true);
  const [pushing, setPushing] = useState(false);
  const push = async () => {
    setPushing(true);
    try {
      await onPush(selected, install);
    } catch {
      // The request layer has shown why.
    } finally {
      setPushing(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t('files.pushTitle')}
      extra={t('desktop.work.files.chosenFiles', { count: fileCount })}
      footer={
        <Space>
          <Switch checked={install} onChange={setInstall} aria-label={t('files.install')} />
          {t('files.install')}
          <Button
            type="primary"
            loading={pushing}
            disabled={selected.length === 0 || fileCount === 0}
            data-testid="push-submit"
            onClick={() => void push()}
          >
            {t('desktop.work.files.push', { count: selected.length })}
          </Button>
        </Space>
      }
    >
      <QueryState query={phones} empty={phones.phones.length === 0} emptyText={t('phones.emptyTitle')}>
        <PhoneTable
          phones={phones.phones}
          loading={!phones.complete}
          selected={selected}
          onSelect={setSelected}
          pageSize={12}
        />
      </QueryState>
    </Drawer>
  );
}
