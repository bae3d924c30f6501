import { useEffect, type ReactNode } from 'react';
import { Button, Dropdown, Layout, Menu, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useEnabledFunctions } from '../../hooks/use-enabled-functions';
import { session, useSession } from '../../stores/session';
import { PHONE_LIST_SHORTCUT, SCREENS, shortcutLabel, type ScreenGroup } from '../screens';
import { askShell, insideShell, useShellState } from '../shell-bridge';

/** The desktop's frame: the brand and account on top, its screens on the left. */
export function DesktopFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const clientNo = useParams().clientNo ?? '';
  const about = useSession((s) => s.aboutApp);
  const user = useSession((s) => s.userInfo);
  const shell = useShellState();
  const functions = useEnabledFunctions();
  const page = pathname.split('/')[1] ?? '';
  const screens = SCREENS.filter((s) => !s.needs || functions.has(s.needs));
  const go = (key: string) => void navigate(key === clientNo ? `/${clientNo}` : `/${key}/${clientNo}`);
  const item = (key: string, label: string, shortcut?: string) => ({
    key,
    label: (
      <span className="cp-desk-menu__item" title={label}>
        <span className="cp-desk-menu__label">{label}</span>
        {shortcut && <span className="cp-desk-menu__shortcut">{shortcutLabel(shortcut)}</span>}
      </span>
    ),
  });
  const group = (name: ScreenGroup) => ({
    type: 'group' as const,
    key: name,
    label: t(`desktop.menu.groups.${name}`),
    children: [
      ...(name === 'phones' ? [item(clientNo, t('desktop.menu.phones'), PHONE_LIST_SHORTCUT)] : []),
      ...screens.filter((s) => s.group === name).map((s) => item(s.key, t(`desktop.menu.${s.key}`), s.shortcut)),
    ],
  });
  const shortcuts = new Map<string, string>([
    [PHONE_LIST_SHORTCUT, clientNo],
    ...screens.flatMap((s) => (s.shortcut ? [[s.shortcut, s.key] as [string, string]] : [])),
  ]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // By the key's place, not its character: Alt changes the character on a Mac.
      const target = shortcuts.get(event.code.replace(/^Key/, ''));
      if (!target) return;
      event.preventDefault();
      go(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const accountItems = [
    ...(shell?.accounts ?? []).map((account) => ({
      key: `account:${account}`,
      label: account === shell?.account ? `✓ ${account}` : account,
    })),
    ...(insideShell() ? [{ key: 'add', label: t('desktop.account.add') }] : []),
    { key: 'logout', label: t('desktop.account.logout'), danger: true },
  ];
  const onAccount = ({ key }: { key: string }) => {
    if (key === 'logout') void session.logout();
    else if (key === 'add') askShell({ type: 'openAccount', account: `account-${(shell?.accounts.length ?? 1) + 1}` });
    else askShell({ type: 'openAccount', account: key.slice('account:'.length) });
  };
  return (
    <Layout className="cp-desk">
      <Layout.Header className="cp-desk__header">
        <Space>
          {about?.logoUrl && <img className="cp-desk__logo" src={about.logoUrl} alt="" />}
          <Typography.Text strong>{about?.clientName ?? 'Cloudphone'}</Typography.Text>
        </Space>
        <Dropdown menu={{ items: accountItems, onClick: onAccount }} trigger={['click']}>
          <Button type="text" data-testid="desk-account">
            {user?.nickname || user?.mobile || t('desktop.account.title')}
            {shell && ` · ${shell.account}`}
          </Button>
        </Dropdown>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={220} theme="light" className="cp-desk__side">
          <Menu
            mode="inline"
            selectedKeys={[page === clientNo ? clientNo : page]}
            items={(['phones', 'shop', 'help'] as const).map(group)}
            onClick={({ key }) => go(key)}
          />
        </Layout.Sider>
        <Layout.Content className="cp-desk__content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
