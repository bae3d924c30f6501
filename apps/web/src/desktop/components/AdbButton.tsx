import { App, Button, Popover, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adbConnectLine } from '@cloudphone/contracts/adb';
import { Icon } from '../../components/icons';
import { useAdbAccess, useAdbKeys, useSwitchAdb } from '../../features/adb/api/adb';

/**
 * ADB for the phone of a control window (issue 35): the switch and, once on, the line to run, with
 * copy. Its owner's alone; a disabled switch while the state loads.
 */
export function AdbButton({ userPhoneId }: { userPhoneId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const access = useAdbAccess(userPhoneId);
  const keys = useAdbKeys();
  const switching = useSwitchAdb(userPhoneId);

  const turn = (on: boolean) => {
    if (on) return switching.mutate(true);
    modal.confirm({
      title: t('adb.disableConfirm'),
      okButtonProps: { danger: true },
      onOk: () => switching.mutate(false),
    });
  };

  const content = (
    <Space direction="vertical" style={{ maxWidth: 320 }}>
      <Typography.Text type="secondary">{t('adb.intro')}</Typography.Text>
      <Space>
        <Switch
          checked={access.data?.enabled ?? false}
          disabled={!access.data}
          loading={access.isPending || switching.isPending}
          onChange={turn}
          aria-label={t('adb.switch')}
        />
        {t('adb.switch')}
      </Space>
      {access.isError && <Typography.Text type="danger">{access.error.message}</Typography.Text>}
      {access.data?.enabled && (
        <>
          <Typography.Text type="secondary">{t('adb.connectLabel')}</Typography.Text>
          <Typography.Text code copyable>
            {adbConnectLine(access.data)}
          </Typography.Text>
        </>
      )}
      {keys.data?.length === 0 && <Typography.Text type="warning">{t('adb.noKeys')}</Typography.Text>}
    </Space>
  );

  return (
    <Popover trigger="click" title={t('adb.title')} content={content}>
      <Button type="text" aria-label={t('adb.title')} icon={<Icon name="adb" />} />
    </Popover>
  );
}
