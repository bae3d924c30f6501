import { Image, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { useSession } from '../../../stores/session';

/** The client's name, logo and version, and its agreements. */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const about = useSession((s) => s.aboutApp);
  return (
    <div className="cp-about">
      <div className="cp-about__brand">
        <Image src={about?.logoUrl || '/app/icons/logo.svg'} width={72} height={72} fit="contain" alt="" />
        <h1 className="cp-about__name">{about?.clientName}</h1>
        <p className="cp-about__version">
          {t('common.version')} {about?.version}
        </p>
      </div>
      <List header={t('about.agreements')}>
        <List.Item onClick={() => void navigate(`/user-agreement/${clientNo}`)}>
          {about?.firstAgreement?.name ?? t('routes.userAgreement')}
        </List.Item>
        <List.Item onClick={() => void navigate(`/privacy-agreement/${clientNo}`)}>
          {about?.secondAgreement?.name ?? t('routes.privacyAgreement')}
        </List.Item>
      </List>
    </div>
  );
}
