import { useState } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginDevice } from '@cloudphone/contracts/auth';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { notify } from '../../../stores/notifications';
import { getLoginDevicesQueryOptions, signOutDevice, useLoginDevices } from '../api/login-devices';
import { deviceName } from '../lib/device-name';

/** This device first, then the most recently active. */
const byRecency = (a: LoginDevice, b: LoginDevice) =>
  Number(b.current) - Number(a.current) || b.lastSeenTime - a.lastSeenTime;

/** The sessions the account is logged in with; any but this one can be signed out. */
export function LoginDeviceList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useLoginDevices();
  const [signingOut, setSigningOut] = useState<number | null>(null);

  const signOut = async (device: LoginDevice) => {
    const confirmed = await confirmAction({
      content: t('account.signOutConfirm'),
      confirmText: t('account.signOut'),
      danger: true,
    });
    if (!confirmed) return;
    setSigningOut(device.sessionId);
    try {
      await signOutDevice(device.sessionId);
      notify(t('account.signedOut'), 'success');
      await queryClient.invalidateQueries(getLoginDevicesQueryOptions());
    } catch {
      // The request layer has shown why.
    } finally {
      setSigningOut(null);
    }
  };

  let body;
  if (isPending) body = <PageLoading />;
  else if (error) body = <PageError message={error.message} onRetry={() => void refetch()} />;
  else if (data.length === 0) body = <PageEmpty />;
  else
    body = [...data].sort(byRecency).map((device) => (
      <List.Item
        key={device.sessionId}
        className="cp-login-device"
        description={t('account.deviceDetail', { ip: device.ip, time: formatDateTime(device.lastSeenTime) })}
        extra={
          device.current ? (
            <Tag color="primary" fill="outline">
              {t('account.currentDevice')}
            </Tag>
          ) : (
            <Button
              size="mini"
              color="danger"
              fill="outline"
              loading={signingOut === device.sessionId}
              onClick={() => void signOut(device)}
            >
              {t('account.signOut')}
            </Button>
          )
        }
      >
        <span title={device.userAgent}>{deviceName(device.userAgent) ?? t('account.unknownDevice')}</span>
      </List.Item>
    ));

  return <List header={t('account.loginDevices')}>{body}</List>;
}
