import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteMatch } from '../lib/routing/route-context';

/** A page whose feature has not landed yet: its title and a plain note, nothing that pretends to work. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route, clientNo } = useRouteMatch();
  return (
    <div className="cp-not-available" data-route={route.name}>
      <Result
        status="waiting"
        title={t(`routes.${route.name}` as 'routes.home')}
        description={t('common.notAvailable')}
      />
      {route.name !== 'home' && (
        <Button block color="primary" className="cp-primary-button" onClick={() => void navigate(`/${clientNo ?? ''}`)}>
          {t('common.goHome')}
        </Button>
      )}
    </div>
  );
}
