import { Button, List, Popup, Switch } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adbConnectLine } from '@cloudphone/contracts/adb';
import { PageError, PageLoading } from '../../../components/PageState';
import { confirmAction } from '../../../components/confirm-action';
import { copyText } from '../../../lib/copy-text';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { notify } from '../../../stores/notifications';
import { useAdbAccess, useAdbKeys, useSwitchAdb } from '../api/adb';
import '../adb.css';

export interface AdbPanelProps {
  userPhoneId: number;
  onClose: () => void;
}

/**
 * A phone's ADB (issue 35), from the phone view's tools: the switch, and once on, the line to run on
 * a computer with a copy button; without a key on the account, the way to add one.
 */
export default function AdbPanel({ userPhoneId, onClose }: AdbPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const access = useAdbAccess(userPhoneId);
  const keys = useAdbKeys();
  const switching = useSwitchAdb(userPhoneId);

  const turn = async (on: boolean) => {
    if (!on && !(await confirmAction({ content: t('adb.disableConfirm'), danger: true }))) return;
    switching.mutate(on);
  };
  const copy = async (line: string) => notify((await copyText(line)) ? t('adb.copied') : line);

  let body;
  if (access.isPending) body = <PageLoading />;
  else if (access.isError) body = <PageError message={access.error.message} onRetry={() => void access.refetch()} />;
  else {
    const line = access.data.enabled ? adbConnectLine(access.data) : null;
    body = (
      <>
        <List className="cp-sheet__list">
          <List.Item
            extra={
              <Switch
                checked={access.data.enabled}
                loading={switching.isPending}
                onChange={(on) => void turn(on)}
                aria-label={t('adb.switch')}
              />
            }
            description={access.data.enabled ? t('adb.on') : t('adb.off')}
          >
            {t('adb.switch')}
          </List.Item>
        </List>
        {line && (
          <div className="cp-adb__connect">
            <div className="cp-sheet__label">{t('adb.connectLabel')}</div>
            <code className="cp-adb__line">{line}</code>
            <Button size="small" onClick={() => void copy(line)}>
              {t('adb.copy')}
            </Button>
          </div>
        )}
        {keys.data?.length === 0 && <p className="cp-adb__notice">{t('adb.noKeys')}</p>}
        <Button block fill="outline" onClick={() => void navigate(pathFor('adbKeys', clientNo))}>
          {t('adb.manageKeys')}
        </Button>
      </>
    );
  }

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="cp-sheet cp-adb" aria-label={t('adb.title')}>
        <h3 className="cp-sheet__title">{t('adb.title')}</h3>
        <p className="cp-adb__intro">{t('adb.intro')}</p>
        {body}
      </div>
    </Popup>
  );
}
