import { useState } from 'react';
import { Button, Checkbox, Input, Popup, Selector } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { maxGrantDays, type GrantPermission } from '@cloudphone/contracts/grants';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { grantAccountSchema, grantDaysSchema } from '@cloudphone/contracts/validation';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { issueText } from '../../../lib/form-rules';
import { currentLanguage } from '../../../lib/i18n/index';
import { useOwnPhones } from '../../../lib/my-phones';
import { notify } from '../../../stores/notifications';
import { useSession } from '../../../stores/session';
import { createGrant, refreshGrants } from '../api/grants';
import { Name } from '../../../components/Name';

type Method = 'account' | 'code';

/** Why a phone cannot be granted now, as far as the list tells (spec §6: one grant at a time, in time). */
function grantRefusal(phone: UserPhone, now: number): 'grantedOut' | 'expired' | null {
  if (phone.authorized) return 'grantedOut';
  if (maxGrantDays(phone.expireTime - now) < 1) return 'expired';
  return null;
}

/**
 * The add-grant form (spec §4–§6): a phone, to an account (mobile or UID) or as a grant code, control
 * or view, 1–999 days within the phone's remaining time, and the agreement ticked (spec §5).
 */
export function AddGrantPopup({ userPhoneId, onClose }: { userPhoneId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const queryClient = useQueryClient();
  const phones = useOwnPhones();
  const about = useSession((s) => s.aboutApp);
  const [now] = useState(() => Date.now());
  const [chosen, setChosen] = useState<number | null>(userPhoneId);
  const [method, setMethod] = useState<Method>('account');
  const [account, setAccount] = useState('');
  const [permission, setPermission] = useState<GrantPermission>('view');
  const [days, setDays] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const phone = phones.data?.find((p) => p.userPhoneId === chosen && grantRefusal(p, now) === null);
  const maxDays = phone ? maxGrantDays(phone.expireTime - now) : 0;

  const submit = async () => {
    const checkedDays = grantDaysSchema.safeParse(days.trim());
    const checkedAccount = grantAccountSchema.safeParse(account);
    const refusal = !phone
      ? t('grants.form.choosePhone')
      : method === 'account' && !checkedAccount.success
        ? issueText(checkedAccount.error.issues[0]?.message ?? '')
        : !checkedDays.success || checkedDays.data > maxDays
          ? errorMessage('grantInvalid', currentLanguage())
          : null;
    if (refusal || !phone || !checkedDays.success) {
      setProblem(refusal);
      return;
    }
    if (!agreed) {
      notify(errorMessage('agreementRequired', currentLanguage()), 'warning');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const made = await createGrant({
        userPhoneId: phone.userPhoneId,
        days: checkedDays.data,
        permission,
        ...(method === 'account' && checkedAccount.success ? { account: checkedAccount.data } : {}),
      });
      await refreshGrants(queryClient);
      onClose();
      if (made.grantCode) void navigate(pathFor('authorizationCode', clientNo, `?grantId=${made.grantId}`));
      else notify(t('grants.form.granted', { account: account.trim() }), 'success');
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
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
          onChange={(value) => value[0] && setMethod(value[0] as Method)}
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
