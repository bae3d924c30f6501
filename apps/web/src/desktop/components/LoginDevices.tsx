import { App, Button, List, Result, Spin, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginDevice } from '@cloudphone/contracts/auth';
import { getLoginDevicesQueryOptions, signOutDevice, useLoginDevices } from '../../features/account/api/login-devices';
import { deviceName } from '../../features/account/lib/device-name';
import { formatDateTime } from '../../lib/format-time';
import { notify } from '../../stores/notifications';

/** Login device management (spec §2): where the account is signed in, this device first; sign another out. */
export function LoginDevices() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const devices = useLoginDevices();
  if (devices.isPending) return <Spin />;
  if (devices.isError) return <Result status="error" title={t('common.loadFailed')} subTitle={devices.error.message} />;
  const signOut = (device: LoginDevice) =>
    modal.confirm({
      title: t('account.signOutConfirm'),
      onOk: async () => {
        await signOutDevice(device.sessionId);
        notify(t('account.signedOut'), 'success');
        await queryClient.invalidateQueries(getLoginDevicesQueryOptions());
      },
    });
  const sorted = [...devices.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenTime - a.lastSeenTime,
  );
  return (
    <List
      dataSource={sorted}
      rowKey="sessionId"
      renderItem={(device) => (
        <List.Item
          actions={
            device.current
              ? [
                  <Tag key="current" color="blue">
                    {t('account.currentDevice')}
                  </Tag>,
                ]
              : [
                  <Button key="out" size="small" danger onClick={() => signOut(device)}>
                    {t('account.signOut')}
                  </Button>,
                ]
          }
        >
          <List.Item.Meta
            title={deviceName(device.userAgent) ?? t('account.unknownDevice')}
            description={t('account.deviceDetail', { ip: device.ip, time: formatDateTime(device.lastSeenTime) })}
          />
        </List.Item>
      )}
    />
  );
}
