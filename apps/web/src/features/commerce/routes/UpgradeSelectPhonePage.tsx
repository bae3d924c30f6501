import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { useMyPhones } from '../../../lib/my-phones';
import { CommerceSection } from '../components/CommerceSection';
import { upgradeRefusal } from '../lib/upgrade-refusal';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import '../commerce.css';
import { PurchaseGate } from '../../../components/PurchaseGate';

/** The first step of an upgrade: which phone. */
export default function UpgradeSelectPhonePage() {
  return (
    <PurchaseGate>
      <ChoosePhoneToUpgrade />
    </PurchaseGate>
  );
}

function ChoosePhoneToUpgrade() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const phones = useMyPhones();

  if (phones.isPending) return <PageLoading />;
  if (phones.error) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  if (!phones.data.some((p) => upgradeRefusal(p) === null))
    return (
      <div className="cp-commerce">
        <PageEmpty description={errorMessage('noUpgradablePhone', currentLanguage())} />
        <Button
          color="primary"
          className="cp-primary-button"
          onClick={() => void navigate(pathFor('addPhone', clientNo))}
        >
          {t('routes.addPhone')}
        </Button>
      </div>
    );

  return (
    <div className="cp-commerce">
      <CommerceSection title={t('commerce.upgrade.choosePhone')}>
        <PhonePicker
          single
          phones={phones.data}
          selected={new Set()}
          unavailable={upgradeRefusal}
          onToggle={(phone) => void navigate(pathFor('upgradePhone', clientNo, `?userPhoneId=${phone.userPhoneId}`))}
        />
      </CommerceSection>
    </div>
  );
}
