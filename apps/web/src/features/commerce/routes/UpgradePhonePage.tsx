import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { Checkout } from '../components/Checkout';
import { CommerceSection } from '../components/CommerceSection';
import { formatMoney } from '../../../lib/format-money';
import { phoneIdsParam } from '../lib/phone-param';
import { useUpgradeChoice } from '../hooks/use-upgrade-choice';
import '../commerce.css';
import { PurchaseGate } from '../../../components/PurchaseGate';

/**
 * The second step of an upgrade (`?userPhoneId=`): a higher grade, paid as the difference in time value.
 * Without a phone (or with one it cannot upgrade) it leads back to choosing one.
 */
export default function UpgradePhonePage() {
  return (
    <PurchaseGate>
      <UpgradeOnePhone />
    </PurchaseGate>
  );
}

function UpgradeOnePhone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const userPhoneId = phoneIdsParam(params)[0] ?? 0;
  const { options, option, chooseOption, order, renewalHelps } = useUpgradeChoice(userPhoneId);

  const choosePhone = {
    label: t('commerce.opened.choosePhone'),
    onClick: () => void navigate(pathFor('upgradeSelectPhone', clientNo), { replace: true }),
  };
  if (!userPhoneId)
    return (
      <PageNotice
        title={t('commerce.opened.noUpgradePhone')}
        description={t('commerce.opened.noUpgradePhoneDetail')}
        action={choosePhone}
      />
    );
  if (options.isPending) return <PageLoading />;
  if (options.error)
    return (
      <div className="cp-commerce">
        <PageError message={options.error.message} />
        {renewalHelps && (
          <Button
            color="primary"
            className="cp-primary-button"
            onClick={() => void navigate(pathFor('rechargeSinglePhone', clientNo, `?userPhoneId=${userPhoneId}`))}
          >
            {t('commerce.upgrade.renewFirst')}
          </Button>
        )}
        <Button fill="none" color="primary" className="cp-primary-button" onClick={choosePhone.onClick}>
          {choosePhone.label}
        </Button>
      </div>
    );

  return (
    <div className="cp-commerce">
      <CommerceSection title={t('commerce.upgrade.target')}>
        <div className="cp-commerce-options" role="radiogroup" aria-label={t('commerce.upgrade.target')}>
          {options.data.map((o) => {
            const on = o.gradeId === option?.gradeId;
            return (
              <button
                type="button"
                role="radio"
                aria-checked={on}
                key={o.gradeId}
                className={`cp-commerce-option${on ? ' cp-commerce-option--on' : ''}`}
                onClick={() => chooseOption(o)}
              >
                <span className="cp-commerce-option__title">{o.gradeName}</span>
                <span className="cp-commerce-option__detail">
                  {t('commerce.upgrade.remaining', { count: o.remainingDays })}
                </span>
                <span className="cp-commerce-option__price">
                  {t('commerce.upgrade.difference', { amount: formatMoney(o.priceCents) })}
                </span>
              </button>
            );
          })}
        </div>
      </CommerceSection>
      <Checkout order={order} submitLabel={t('commerce.upgrade.submit')} />
    </div>
  );
}
