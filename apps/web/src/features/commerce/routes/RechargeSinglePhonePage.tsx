import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { enabledFunctions } from '../../../lib/functions';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { useSession } from '../../../stores/session';
import { useMyPhones } from '../../../lib/my-phones';
import { CommerceSection } from '../components/CommerceSection';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { PurchaseGate } from '../../../components/PurchaseGate';
import { RenewalCheckout } from '../components/RenewalCheckout';
import { phoneIdsParam } from '../lib/phone-param';
import '../commerce.css';

/**
 * Renew one phone (`?userPhoneId=`): its package and checkout, or a renewal code instead. Without a
 * phone of the user's it leads to choosing the phones to renew.
 */
export default function RechargeSinglePhonePage() {
  return (
    <PurchaseGate>
      <RenewOnePhone />
    </PurchaseGate>
  );
}

function RenewOnePhone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const codesOn = useSession((s) => enabledFunctions(s.functions).has('activation_code'));
  const phones = useMyPhones();
  const userPhoneId = phoneIdsParam(params)[0] ?? 0;

  const choosePhones = {
    label: t('commerce.opened.choosePhone'),
    onClick: () => void navigate(pathFor('rechargePhone', clientNo), { replace: true }),
  };
  if (!userPhoneId)
    return (
      <PageNotice
        title={t('commerce.opened.noRenewPhone')}
        description={t('commerce.opened.noRenewPhoneDetail')}
        action={choosePhones}
      />
    );
  if (phones.isPending) return <PageLoading />;
  if (phones.error) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  const phone = phones.data.find((p) => p.userPhoneId === userPhoneId);
  if (!phone)
    return (
      <PageNotice
        title={errorMessage('phoneNotFound', currentLanguage())}
        description={t('commerce.opened.noRenewPhoneDetail')}
        action={choosePhones}
      />
    );

  return (
    <div className="cp-commerce">
      <CommerceSection title={t('commerce.renew.phone')}>
        <PhonePicker single phones={[phone]} selected={new Set([phone.userPhoneId])} onToggle={() => undefined} />
      </CommerceSection>
      <RenewalCheckout userPhoneIds={[phone.userPhoneId]} />
      {codesOn && (
        <Button
          fill="none"
          color="primary"
          onClick={() => void navigate(pathFor('renewCode', clientNo, `?userPhoneId=${phone.userPhoneId}`))}
        >
          {t('commerce.renew.byCode')}
        </Button>
      )}
    </div>
  );
}
