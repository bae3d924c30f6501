import { useState } from 'react';
import { Button, Checkbox, Input, Popup, Selector } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GrantPermission } from '@cloudphone/contracts/grants';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useOwnPhones } from '../../../lib/my-phones';
import { notify } from '../../../stores/notifications';
import { useSession } from '../../../stores/session';
import { Name } from '../../../components/Name';
import { grantRefusal, maxGrantDaysOf, type GrantMethod } from '../lib/grant-form';
import { useAddGrants } from '../hooks/use-add-grants';

/**
 * The add-grant form (spec §4–§6): a phone, to an account (mobile or UID) or as a grant code, control
 * or view, 1–999 days within the phone's remaining time, and the agreement ticked (spec §5).
 */
export function AddGrantPopup({ userPhoneId, onClose }: { userPhoneId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const phones = useOwnPhones();
  const about = useSession((s) => s.aboutApp);
  const [now] = useState(() => Date.now());
  const [chosen, setChosen] = useState<number | null>(userPhoneId);
  const [method, setMethod] = useState<GrantMethod>('account');
  const [account, setAccount] = useState('');
  const [permission, setPermission] = useState<GrantPermission>('view');
  const [days, setDays] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { submit: addGrants, problem, busy } = useAddGrants();

  const phone = phones.data?.find((p) => p.userPhoneId === chosen && grantRefusal(p, now) === null);
  const maxDays = maxGrantDaysOf(phone ? [phone] : [], now);

  const submit = async () => {
    const [made] = await addGrants(phone ? [phone] : [], { method, account, permission, days }, agreed, now);
    if (!made) return;
    onClose();
    if (made.grantCode) void navigate(pathFor('authorizationCode', clientNo, `?grantId=${made.grantId}`));
    else notify(t('grants.form.granted', { account: account.trim() }), 'success');
  };

  const body = () => {
    if (phones.isPending) return <PageLoading />;
    if (phones.error) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
    if (phones.data.length === 0) return <PageEmpty description={t('grants.form.noPhones')} />;
    return (
      <form
        className="cp-grant-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="cp-grant-form__label">{t('grants.form.phone')}</div>
        <div className="cp-grant-form__phones" role="radiogroup" aria-label={t('grants.form.phone')}>
          {phones.data.map((p) => {
            const refusal = grantRefusal(p, now);
            return (
              <button
                key={p.userPhoneId}
                type="button"
                role="radio"
                aria-checked={chosen === p.userPhoneId}
                disabled={refusal !== null}
                className={`cp-grant-form__phone${chosen === p.userPhoneId ? ' cp-grant-form__phone--on' : ''}`}
                onClick={() => setChosen(p.userPhoneId)}
              >
                <Name value={p.name} />
                {refusal && <small>{t(`grants.form.${refusal}`)}</small>}
              </button>
            );
          })}
        </div>
        <div className="cp-grant-form__label">{t('grants.form.method')}</div>
        <Selector
          columns={2}
          options={[
            { label: t('grants.form.byAccount'), value: 'account' },
            { label: t('grants.form.byCode'), value: 'code' },
          ]}
          value={[method]}
          onChange={(value) => value[0] && setMethod(value[0] as GrantMethod)}
        />
        {method === 'account' && (
          <Input
            className="cp-grant-form__input"
            value={account}
            onChange={setAccount}
            placeholder={t('grants.form.accountPlaceholder')}
            aria-label={t('grants.form.account')}
            maxLength={32}
            autoComplete="off"
          />
        )}
        <div className="cp-grant-form__label">{t('grants.form.permission')}</div>
        <Selector
          columns={2}
          options={[
            { label: t('grants.permission.control'), value: 'control' },
            { label: t('grants.permission.view'), value: 'view' },
          ]}
          value={[permission]}
          onChange={(value) => value[0] && setPermission(value[0] as GrantPermission)}
        />
        <p className="cp-grant-form__hint">{t(`grants.allows.${permission}`)}</p>
        <div className="cp-grant-form__label">{t('grants.form.days')}</div>
        <Input
          className="cp-grant-form__input"
          type="number"
          inputMode="numeric"
          value={days}
          onChange={setDays}
          placeholder={t('grants.form.daysPlaceholder', { max: maxDays || 999 })}
          aria-label={t('grants.form.days')}
        />
        {phone && <div className="cp-grant-form__hint">{t('grants.form.daysHint', { max: maxDays })}</div>}
        {problem && (
          <div className="cp-grant-form__problem" role="alert">
            {problem}
          </div>
        )}
        <div className="cp-grant-form__agreement">
          <Checkbox checked={agreed} onChange={setAgreed} aria-label={t('grants.form.agree')}>
            {t('grants.form.agree')}
          </Checkbox>{' '}
          <Link to={`/user-agreement/${clientNo}`}>《{about?.firstAgreement?.name ?? t('routes.userAgreement')}》</Link>
        </div>
        <Button block type="submit" color="primary" size="large" loading={busy}>
          {t('grants.form.submit')}
        </Button>
      </form>
    );
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="cp-grant-popup">
      <h3 className="cp-grant-popup__title">{t('grants.add')}</h3>
      {body()}
    </Popup>
  );
}
