import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteMatch } from '../../lib/routing/route-context';

/** A page under a navigation bar with its title and a back arrow. */
export function PageLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route, clientNo } = useRouteMatch();
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(`/${clientNo ?? ''}`);
  };
  return (
    <div className="cp-page-layout">
      <NavBar onBack={back} backIcon>
        {t(`routes.${route.name}` as 'routes.home')}
      </NavBar>
      <main className="cp-page-layout__content">{children}</main>
    </div>
  );
}
