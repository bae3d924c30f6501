import { useEffect, useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { detectInAppBrowser } from '../../../lib/in-app-browser';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Adding the app to the home screen: the browser's own prompt where it offers one, else the steps. */
export default function InstallPwaPage() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(() => window.matchMedia?.('(display-mode: standalone)').matches ?? false);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    if ((await prompt.userChoice).outcome === 'accepted') setInstalled(true);
    setPrompt(null);
  };

  return (
    <div className="cp-install-pwa">
      <Result
        status={installed ? 'success' : 'info'}
        title={installed ? t('installPwa.installed') : t('routes.installPwa')}
        description={t('installPwa.intro')}
      />
      {detectInAppBrowser() && <p className="cp-install-pwa__note">{t('installPwa.inAppBrowser')}</p>}
      {prompt && !installed && (
        <Button block color="primary" className="cp-primary-button" onClick={() => void install()}>
          {t('installPwa.install')}
        </Button>
      )}
      <ol className="cp-install-pwa__steps">
        <li>{t('installPwa.iosSteps')}</li>
        <li>{t('installPwa.androidSteps')}</li>
      </ol>
    </div>
  );
}
