import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useTransfer } from '../hooks/use-transfer';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { TransferCheckResult } from '../components/TransferCheckResult';
import { useSelection } from '../../../hooks/use-selection';
import { idsParam } from '../../../lib/ids-param';
import '../../../components/page-with-footer.css';
import '../groups.css';
import '../transfer.css';

/**
 * Transfer device (spec §2 transferDevice): pick phones, name the receiving account, check each phone
 * against the rules (spec §9, the tenant's limits), then confirm; the phones leave this account.
 */
export default function TransferDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const [account, setAccount] = useState('');
  const transfer = useTransfer(selection.ids, account, confirmAction);
  const { phones, own, checked } = transfer;

  const submit = async () => {
    if (await transfer.submit()) void navigate(pathFor('transferList', clientNo), { replace: true });
  };

  if (phones.isPending) return <PageLoading />;
  if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;

  const names = new Map(phones.phones.map((p) => [p.userPhoneId, p.name]));
  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body">
        <div className="cp-transfer__head">
          <h3 className="cp-section-title">{t('transfer.choosePhones')}</h3>
          <Button
            size="mini"
            fill="none"
            color="primary"
            onClick={() => void navigate(pathFor('transferList', clientNo))}
          >
            {t('transfer.records')}
          </Button>
        </div>
        {phones.phones.length === 0 ? (
          <PageEmpty description={t('transfer.noPhones')} />
        ) : (
          <PhonePicker
            phones={phones.phones}
            selected={selection.selected}
            onToggle={selection.toggle}
            onToggleAll={(all) => selection.replace(all ? own.map((p) => p.userPhoneId) : [])}
            unavailable={transfer.unavailable}
          />
        )}
        <label className="cp-transfer__account">
          <span className="cp-section-title">{t('transfer.account')}</span>
          <Input
            className="cp-transfer__input"
            aria-label={t('transfer.account')}
            placeholder={t('transfer.accountPlaceholder')}
            value={account}
            maxLength={32}
            clearable
            onChange={setAccount}
          />
        </label>
        {transfer.rules && <p className="cp-transfer__rules">{transfer.rules}</p>}
        {transfer.stale && <p className="cp-transfer__rules">{t('transfer.recheck')}</p>}
        {checked && <TransferCheckResult result={checked} names={names} />}
      </div>
      <div className="cp-groups-page__footer cp-groups-page__footer--row">
        <Button
          color="primary"
          fill="outline"
          loading={transfer.working === 'check'}
          disabled={!transfer.canCheck}
          onClick={() => void transfer.runCheck()}
        >
          {t('transfer.check')}
        </Button>
        <Button
          color="danger"
          loading={transfer.working === 'transfer'}
          disabled={!transfer.canSubmit}
          onClick={() => void submit()}
        >
          {t('transfer.submit')}
        </Button>
      </div>
    </div>
  );
}
