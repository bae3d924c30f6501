import type { ReactNode } from 'react';
import { TabBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../lib/routing/route-table';
import { useRouteMatch } from '../../lib/routing/route-context';
import { TAB_ICONS } from '../../components/tab-icons';
import { useUnreadMessages } from '../../lib/messages';
import { useSession } from '../../stores/session';

/**
 * The bottom tabs. Discover (spec §2) is left out until its page exists: a tab should not lead to
 * "coming soon" (issue 10 §5); its route stays for links.
 */
const TABS = [
  { route: 'home', label: 'tabs.home' },
  { route: 'profile', label: 'tabs.my' },
] as const;

function TabIcon({ route }: { route: keyof typeof TAB_ICONS }) {
  const Picture = TAB_ICONS[route];
  return <Picture aria-hidden />;
}

/** The bottom-level pages: cloud phone and mine, with the tab bar. */
export function HomeLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route, clientNo } = useRouteMatch();
  const unread = useUnreadMessages(useSession((s) => s.token !== null)).data?.all ?? 0;
  return (
    <div className="cp-home-layout">
      <main className="cp-home-layout__content">{children}</main>
      <TabBar activeKey={route.name} onChange={(key) => void navigate(pathFor(key, clientNo ?? ''))} safeArea>
        {TABS.map((tab) => (
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
