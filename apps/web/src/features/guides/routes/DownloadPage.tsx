import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { Icon } from '../../../components/icons';
import { PageLoading } from '../../../components/PageState';
import { useClientConfig } from '../../../lib/client-config';
import { currentLanguage } from '../../../lib/i18n/index';
import { pathFor } from '../../../lib/routing/route-table';
import { useClientNo } from '../../../lib/routing/route-context';
import { notify } from '../../../stores/notifications';
import { useSession } from '../../../stores/session';
import '../guides.css';

/**
 * The download page (spec §2): the desktop client at the merchant's `download.url` with its
 * `desktop.version`, and the web app (`app.version`) to add to the home screen.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo() || useSession.getState().clientNo || '';
  const config = useClientConfig(['download.url', 'desktop.version', 'app.version']);
  if (config.isPending && config.fetchStatus !== 'idle') return <PageLoading />;
  // Without a known client (this page skips the look-up) the versions are simply not shown.
  const values = config.data ?? {};
  const url = values['download.url'] ?? '';
  const download = () => {
    if (url) window.location.assign(url);
    else notify(errorMessage('clientNoUrl', currentLanguage()), 'warning');
  };
  return (
    <div className="cp-download">
      <section>
        <h2>
          <Icon name="download" /> {t('download.desktopTitle')}
        </h2>
        {values['desktop.version'] && (
          <span className="cp-download__version" data-testid="desktop-version">
            {t('download.version', { version: values['desktop.version'] })}
          </span>
        )}
        <p>{t('download.desktopText')}</p>
        <Button block color="primary" onClick={download}>
          {t('download.downloadDesktop')}
        </Button>
      </section>
      <section>
        <h2>{t('download.webTitle')}</h2>
        {values['app.version'] && (
          <span className="cp-download__version">{t('download.version', { version: values['app.version'] })}</span>
        )}
        <p>{t('download.webText')}</p>
        {clientNo && (
          <>
            <Button block onClick={() => void navigate(pathFor('installPwa', clientNo))}>
              {t('download.addToHome')}
            </Button>
            <Button block fill="outline" onClick={() => void navigate(pathFor('home', clientNo))}>
              {t('download.openWeb')}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
