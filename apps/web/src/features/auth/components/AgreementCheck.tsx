import { Checkbox } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { useSession } from '../../../stores/session';

/** The agreement box that must be ticked before login (spec §5), with links to both agreements. */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const clientNo = useClientNo();
  const about = useSession((s) => s.aboutApp);
  return (
    <div className="cp-login__agreement">
      <Checkbox checked={checked} onChange={onChange} aria-label={t('auth.agreePrefix')}>
        {t('auth.agreePrefix')}
      </Checkbox>{' '}
      <Link to={`/user-agreement/${clientNo}`}>《{about?.firstAgreement?.name ?? t('routes.userAgreement')}》</Link>
      {t('auth.and')}
      <Link to={`/privacy-agreement/${clientNo}`}>
        《{about?.secondAgreement?.name ?? t('routes.privacyAgreement')}》
      </Link>
    </div>
  );
}
