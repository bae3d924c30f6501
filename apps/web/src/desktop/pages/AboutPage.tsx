import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClientConfig } from '../../lib/client-config';
import { useSession } from '../../stores/session';
import { useShellState } from '../shell-bridge';

/** Numeric comparison of dotted versions: `0.10.0` is newer than `0.9.3`. */
export function newerVersion(latest: string, current: string): boolean {
  const a = latest.split('.').map(Number);
  const b = current.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

/** About (spec §2): the agreements, this client's version, and the check for updates against `desktop.version`. */
export function AboutPage() {
  const { t } = useTranslation();
  const clientNo = useParams().clientNo ?? '';
  const about = useSession((s) => s.aboutApp);
  const shell = useShellState();
  const config = useClientConfig(['desktop.version', 'download.url']);
  const latest = config.data?.['desktop.version'];
  const current = shell?.version;
  const update = latest && current && newerVersion(latest, current);
  return (
    <Card title={t('desktop.menu.about')}>
      <Descriptions column={1} bordered>
        <Descriptions.Item label={t('desktop.about.client')}>{about?.clientName}</Descriptions.Item>
        <Descriptions.Item label={t('common.version')}>{current ?? t('desktop.about.inBrowser')}</Descriptions.Item>
        <Descriptions.Item label={t('desktop.about.updates')}>
          <Space>
            <Typography.Text data-testid="update-state">
              {!latest || !current
                ? t('desktop.about.checking')
                : update
                  ? t('desktop.about.newer', { version: latest })
                  : t('desktop.about.latest')}
            </Typography.Text>
            <Button onClick={() => void config.refetch()}>{t('desktop.about.check')}</Button>
            {update && config.data?.['download.url'] && (
              <Button type="primary" href={config.data['download.url']} target="_blank">
                {t('download.downloadDesktop')}
              </Button>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('about.agreements')}>
          <Space>
            <a href={`/app/user-agreement/${clientNo}`} target="_blank" rel="noreferrer">
              {t('routes.userAgreement')}
            </a>
            <a href={`/app/privacy-agreement/${clientNo}`} target="_blank" rel="noreferrer">
              {t('routes.privacyAgreement')}
            </a>
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
