import { useState } from 'react';
import { Result, Steps } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError, PageLoading } from '../../../components/PageState';
import { formatDate } from '../../../lib/format-time';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { useCanChangeMobile } from '../api/mobile-binding';
import { BindNewMobileStep } from '../components/BindNewMobileStep';
import { VerifyOwnMobileStep } from '../components/VerifyOwnMobileStep';
import { useAccountDisplay } from '../hooks/use-account-display';
import '../account.css';

/**
 * Changes the bound number (spec §5: once per 30 days, one number per account): check it is allowed,
 * prove the current number with a code, then bind the new one with a code sent to it.
 */
export default function MobilePhoneBindingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const queryClient = useQueryClient();
  const { mobile } = useAccountDisplay();
  const check = useCanChangeMobile();
  const [ticket, setTicket] = useState<string | null>(null);

  if (check.isPending) return <PageLoading />;
  if (check.error) return <PageError message={check.error.message} onRetry={() => void check.refetch()} />;
  if (!check.data.canChange) {
    const next = check.data.nextChangeTime;
    return (
      <Result
        status="warning"
        title={errorMessage('mobileRebindTooSoon', currentLanguage())}
        description={next ? t('binding.nextChangeTime', { date: formatDate(next) }) : ''}
      />
    );
  }

  const changed = () => {
    notify(t('binding.changed'), 'success');
    // The user info and the 30-day rule both changed; both are read again.
    void queryClient.invalidateQueries({ queryKey: ['user'] });
    void navigate(pathFor('personalCenter', clientNo), { replace: true });
  };

  return (
    <div className="cp-mobile-binding">
      <Steps current={ticket ? 2 : 1}>
        <Steps.Step title={t('binding.stepCheck')} />
        <Steps.Step title={t('binding.stepVerify')} />
        <Steps.Step title={t('binding.stepBind')} />
      </Steps>
      {ticket ? (
        <BindNewMobileStep ticket={ticket} onChanged={changed} />
      ) : (
        <VerifyOwnMobileStep mobile={mobile} onVerified={setTicket} />
      )}
    </div>
  );
}
