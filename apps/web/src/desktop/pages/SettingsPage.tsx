import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Select, Space, Switch, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOTKEY_ACTIONS, hotkeyRefusal, type HotkeyAction } from '@cloudphone/contracts/desktop';
import { errorMessage } from '@cloudphone/contracts/errors';
import { LANGUAGES, type Language } from '@cloudphone/contracts/locale';
import { currentLanguage } from '../../lib/i18n/index';
import { notify } from '../../stores/notifications';
import { session, useSession } from '../../stores/session';
import { askShell, insideShell, useShellMessages, useShellState } from '../shell-bridge';
import { acceleratorOf } from '../hotkey-capture';
import { LoginDevices } from '../components/LoginDevices';
import { PasswordForm } from '../components/PasswordForm';
import { AdbKeys } from '../components/AdbKeys';
import { useEnabledFunctions } from '../../hooks/use-enabled-functions';
import { useAccountDisplay } from '../../features/account/hooks/use-account-display';
import { useDataSaver, useSetDataSaver } from '../../features/settings/api/data-saver';
import { choiceOfDataSaver, dataSaverChoices, dataSaverOfChoice } from '../../features/settings/lib/data-saver-choices';

const NOTIFY_KEY = 'cloudphone.desktop.systemNotify';

/**
 * Desktop settings (spec §2): common (language, system notifications), the account, hotkeys — each
 * set by pressing it, refused with the spec's message when it clashes — and the phone windows' places.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const functions = useEnabledFunctions();
  return (
    <Card className="cp-desk-settings">
      <Tabs
        items={[
          { key: 'common', label: t('desktop.settings.common'), children: <CommonSettings /> },
          { key: 'account', label: t('desktop.settings.account'), children: <AccountSettings /> },
          { key: 'hotkeys', label: t('desktop.settings.hotkeys'), children: <HotkeySettings /> },
          { key: 'windows', label: t('desktop.settings.windows'), children: <WindowSettings /> },
          ...(functions.has('connect_button')
            ? [{ key: 'adb', label: t('routes.adbKeys'), children: <AdbKeys /> }]
            : []),
        ]}
      />
    </Card>
  );
}

function CommonSettings() {
  const { t } = useTranslation();
  const [systemNotify, setSystemNotify] = useState(localStorage.getItem(NOTIFY_KEY) !== 'off');
  return (
    <Descriptions column={1} bordered>
      <Descriptions.Item label={t('settings.language')}>
        <Select<Language>
          value={currentLanguage()}
          style={{ width: 200 }}
          onChange={(language) => void session.switchLanguage(language)}
          options={LANGUAGES.map((language) => ({
            value: language,
            label: t(language === 'zh-CN' ? 'settings.languageZh' : 'settings.languageEn'),
          }))}
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('desktop.settings.systemNotify')}>
        <Switch
          checked={systemNotify}
          onChange={(on) => {
            setSystemNotify(on);
            localStorage.setItem(NOTIFY_KEY, on ? 'on' : 'off');
            if (on && 'Notification' in window) void Notification.requestPermission();
          }}
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('settings.dataSaver.title')}>
        <DataSaverSelect />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The mobile data saver the account keeps (issue 58): "auto" never streams a phone above it. */
function DataSaverSelect() {
  const { t } = useTranslation();
  const saver = useDataSaver();
  const keep = useSetDataSaver();
  if (saver.error)
    return (
      <Alert
        type="error"
        showIcon
        message={saver.error.message}
        action={
          <Button size="small" onClick={() => void saver.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  return (
    <Space direction="vertical" size={4}>
      <Space>
        <Select<string>
          aria-label={t('settings.dataSaver.title')}
          loading={saver.isPending || keep.isPending}
          disabled={!saver.data || keep.isPending}
          value={saver.data ? choiceOfDataSaver(saver.data.maxKbps) : undefined}
          style={{ width: 200 }}
          onChange={(value) => keep.mutate(dataSaverOfChoice(value))}
          options={dataSaverChoices(t)}
        />
        {saver.data?.tenantDefault && (
          <Typography.Text type="secondary">{t('settings.dataSaver.tenantDefault')}</Typography.Text>
        )}
      </Space>
      <Typography.Text type="secondary">{t('settings.dataSaver.hint')}</Typography.Text>
    </Space>
  );
}

/**
 * Account management: the password and the login devices here; the number's change and the account's
 * cancellation take SMS codes and open the phone app's pages in a window of their own.
 */
function AccountSettings() {
  const { t } = useTranslation();
  // Masked, as every page shows a number (spec §5).
  const { mobile } = useAccountDisplay();
  const clientNo = useSession((s) => s.clientNo) ?? '';
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions column={1} bordered>
        <Descriptions.Item label={t('form.mobile')}>
          <Space>
            {mobile}
            <Button size="small" href={`/app/mobile-phone-binding/${clientNo}`} target="_blank">
              {t('routes.mobilePhoneBinding')}
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('routes.passwordManager')}>
        <PasswordForm />
      </Card>
      <Card size="small" title={t('account.loginDevices')}>
        <LoginDevices />
      </Card>
      <Space>
        <Button onClick={() => void session.logout()}>{t('desktop.account.logout')}</Button>
        <Button danger href={`/app/cancel-account/${clientNo}`} target="_blank">
          {t('routes.cancelAccount')}
        </Button>
      </Space>
    </Space>
  );
}

function HotkeySettings() {
  const { t } = useTranslation();
  const shell = useShellState();
  const [refused, setRefused] = useState<string | null>(null);
  useShellMessages((message) => {
    if (message.type === 'hotkeyRefused')
      setRefused(
        message.reason === 'conflict'
          ? errorMessage('hotkeyConflict', currentLanguage())
          : t('desktop.hotkeys.invalid'),
      );
  });
  if (!insideShell() || !shell) return <Alert type="info" showIcon message={t('desktop.hotkeys.shellOnly')} />;
  const set = (action: HotkeyAction, accelerator: string) => {
    const reason = hotkeyRefusal(action, accelerator, shell.hotkeys, shell.system);
    if (reason === 'conflict') return setRefused(errorMessage('hotkeyConflict', currentLanguage()));
    if (reason) return setRefused(t('desktop.hotkeys.invalid'));
    setRefused(null);
    askShell({ type: 'setHotkey', action, accelerator });
    notify(t('desktop.hotkeys.saved'), 'success');
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!shell.hotkeysHeard && <Alert type="warning" showIcon message={t('desktop.hotkeys.notHeard')} />}
      {refused && <Alert type="error" showIcon message={refused} data-testid="hotkey-refused" />}
      <Descriptions column={1} bordered>
        {HOTKEY_ACTIONS.map((action) => (
          <Descriptions.Item key={action} label={t(`desktop.hotkeys.actions.${action}`)}>
            <Input
              readOnly
              style={{ width: 220 }}
              value={shell.hotkeys[action]}
              data-testid={`hotkey-${action}`}
              placeholder={t('desktop.hotkeys.press')}
              onKeyDown={(event) => {
                event.preventDefault();
                const accelerator = acceleratorOf(event.nativeEvent);
                if (accelerator) set(action, accelerator);
              }}
            />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Space>
  );
}

function WindowSettings() {
  const { t } = useTranslation();
  return (
    <Space direction="vertical">
      <Typography.Text>{t('desktop.windows.placesText')}</Typography.Text>
      <Button disabled={!insideShell()} onClick={() => askShell({ type: 'forgetWindowPlaces' })}>
        {t('desktop.windows.forget')}
      </Button>
    </Space>
  );
}
