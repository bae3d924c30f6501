import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMIT_CONFIG_DEFAULTS } from '@cloudphone/contracts/config-keys';
import type { GiveCheck } from '@cloudphone/contracts/transfers';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { notify } from '../../../stores/notifications';
import { useAllPhones } from '../../../lib/phone-pages';
import { checkTransfer, refreshAfterTransfer, transferPhones, useTransferLimits } from '../api/transfers';
import { FunctionOff } from '../components/FunctionOff';
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
  return (
    <FunctionOff needs="transfer_button">
      <TransferDevice />
    </FunctionOff>
  );
}

function TransferDevice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const phones = useAllPhones();
  const limits = useTransferLimits();
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const [account, setAccount] = useState('');
  /** The last check, with the request it answered: a change of phones or account asks for a new one. */
  const [check, setCheck] = useState<{ request: string; result: GiveCheck } | null>(null);
  const [working, setWorking] = useState<'check' | 'transfer' | null>(null);

  const own = phones.phones.filter((p) => !p.beAuthorized);
  const chosen = selection.ids.filter((id) => own.some((p) => p.userPhoneId === id));
  const request = { userPhoneIds: chosen, account: account.trim() };
  const requestKey = JSON.stringify(request);
  const checked = check?.request === requestKey ? check.result : null;
  const batch = limits.data?.['give.batch.count'] ?? LIMIT_CONFIG_DEFAULTS['give.batch.count'];

  const runCheck = async () => {
    if (chosen.length > batch) {
      notify(t('transfer.tooMany', { count: batch }), 'warning');
      return;
    }
    setWorking('check');
    try {
      setCheck({ request: requestKey, result: await checkTransfer(request) });
    } catch {
      // The request layer has shown why (an unknown account, oneself…).
    } finally {
      setWorking(null);
    }
  };

  const submit = async () => {
    const confirmed = await confirmAction({
      content: t('transfer.confirm', { count: chosen.length, account: request.account }),
      confirmText: t('transfer.submit'),
      danger: true,
    });
    if (!confirmed) return;
    setWorking('transfer');
    try {
      const { transferNo } = await transferPhones(request);
      notify(t('transfer.started', { transferNo }), 'success');
      await refreshAfterTransfer(queryClient);
      void navigate(pathFor('transferList', clientNo), { replace: true });
    } catch {
      setCheck(null);
    } finally {
      setWorking(null);
    }
  };

  if (phones.isPending) return <PageLoading />;
  if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;

  const names = new Map(phones.phones.map((p) => [p.userPhoneId, p.name]));
  const allOk = checked !== null && checked.list.every((r) => r.ok);
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
            unavailable={(phone) => (phone.beAuthorized ? t('transfer.grantedToYou') : null)}
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
        {limits.data && (
          <p className="cp-transfer__rules">
            {t('transfer.rules', {
              batch,
              perDay: limits.data['give.user.day.count'],
              perPhone: limits.data['give.phone.day.count'],
              hours: limits.data['give.frequency.hours'],
              minHours: limits.data['give.expire.min.hours'],
            })}
          </p>
        )}
        {check !== null && checked === null && <p className="cp-transfer__rules">{t('transfer.recheck')}</p>}
        {checked && <TransferCheckResult result={checked} names={names} />}
      </div>
      <div className="cp-groups-page__footer cp-groups-page__footer--row">
        <Button
          color="primary"
          fill="outline"
          loading={working === 'check'}
          disabled={chosen.length === 0 || request.account === '' || !phones.complete || working !== null}
          onClick={() => void runCheck()}
        >
          {t('transfer.check')}
        </Button>
        <Button
          color="danger"
          loading={working === 'transfer'}
          disabled={!allOk || working !== null}
          onClick={() => void submit()}
        >
          {t('transfer.submit')}
        </Button>
      </div>
    </div>
  );
}
