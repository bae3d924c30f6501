import type { ReactNode } from 'react';
import { TabBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathFor, routeNamed } from '../../lib/routing/route-table';
import { useRouteMatch } from '../../lib/routing/route-context';
import { TAB_ICONS } from '../../components/tab-icons';
import { useUnreadMessages } from '../../lib/messages';
import { useSession } from '../../stores/session';
import { useEnabledFunctions } from '../../hooks/use-enabled-functions';

/** The bottom tabs (spec §2); a tab whose route's switch is off is not shown (Discover's `discovery`, spec §3). */
const TABS = [
  { route: 'home', label: 'tabs.home' },
  { route: 'discover', label: 'tabs.discover' },
  { route: 'profile', label: 'tabs.my' },
] as const;

function TabIcon({ route }: { route: keyof typeof TAB_ICONS }) {
  const Picture = TAB_ICONS[route];
  return <Picture aria-hidden />;
}

/** The bottom-level pages: cloud phone, discover and mine, with the tab bar. */
export function HomeLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route, clientNo } = useRouteMatch();
  const unread = useUnreadMessages(useSession((s) => s.token !== null)).data?.all ?? 0;
  const enabled = useEnabledFunctions();
  const tabs = TABS.filter((tab) => {
    const { needs } = routeNamed(tab.route);
    return !needs || enabled.has(needs);
  });
  return (
    <div className="cp-home-layout">
      <main className="cp-home-layout__content">{children}</main>
      <TabBar activeKey={route.name} onChange={(key) => void navigate(pathFor(key, clientNo ?? ''))} safeArea>
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.route}
            title={t(tab.label)}
            icon={<TabIcon route={tab.route} />}
            // Unread messages show on "Mine", where the message centre is (issue 24).
            badge={tab.route === 'profile' && unread > 0 ? unread : undefined}
          />
        ))}
      </TabBar>
    </div>
  );
}
