import type { ReactNode } from 'react';
import { Button, Dropdown, Layout, Menu, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { session, useSession } from '../../stores/session';
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
  const page = pathname.split('/')[1] ?? '';
  const screens = [
    { key: clientNo, label: t('desktop.menu.phones') },
    { key: 'settings', label: t('desktop.menu.settings') },
    { key: 'about', label: t('desktop.menu.about') },
  ];
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
        <Layout.Sider width={180} theme="light" className="cp-desk__side">
          <Menu
            mode="inline"
            selectedKeys={[page === clientNo ? clientNo : page]}
            items={screens}
            onClick={({ key }) => void navigate(key === clientNo ? `/${clientNo}` : `/${key}/${clientNo}`)}
          />
        </Layout.Sider>
        <Layout.Content className="cp-desk__content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
