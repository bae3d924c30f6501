import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { closeInAppWindow, detectInAppBrowser } from '../../../lib/in-app-browser';
import { useSession } from '../../../stores/session';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useSession((s) => s.clientNo);
  return (
    <div className="cp-not-found">
      <ErrorBlock status="empty" title={t('notFound.title')} description={t('notFound.description')} fullPage />
      {clientNo && (
        <Button block color="primary" className="cp-primary-button" onClick={() => void navigate(`/${clientNo}`)}>
          {t('common.goHome')}
        </Button>
      )}
      {detectInAppBrowser() === 'wechat' && (
        <Button block fill="outline" className="cp-primary-button" onClick={() => void closeInAppWindow()}>
          {t('common.close')}
        </Button>
      )}
    </div>
  );
}
