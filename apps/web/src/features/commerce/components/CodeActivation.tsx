import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty } from '../../../components/PageState';
import { useMyPhones } from '../../../lib/my-phones';
import { useCodeActivation } from '../hooks/use-code-activation';
import { clearSettled, codeTypeOf, removeCode, type CodeUsage } from '../stores/activation-codes';
import { CodeList } from './CodeList';
import { CommerceSection } from './CommerceSection';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { phoneIdsParam } from '../lib/phone-param';
import { holdsFor } from '../../../lib/phone-rules';

/**
 * Activating codes for one use: a purchase code makes a phone, a renewal code renews the chosen phone.
 * Codes are added on the add-code page; here they are activated and each shows its outcome.
 */
export function CodeActivation({ usage }: { usage: CodeUsage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params, setParams] = useSearchParams();
  const phones = useMyPhones();
  // The chosen phone lives in the address, so it is still chosen on return from adding codes.
  const phoneId = phoneIdsParam(params)[0] ?? null;
  const choosePhone = (id: number) => {
    const next = new URLSearchParams(params);
    next.delete('userPhoneIds');
    next.set('userPhoneId', String(id));
    setParams(next, { replace: true });
  };
  const { entries, waiting, needsPhone, busy, activate } = useCodeActivation(usage, phoneId);
  const renewable = (phones.data ?? []).filter((p) => holdsFor(p, 'renew'));
  const search = `?type=${codeTypeOf(usage)}${phoneId ? `&userPhoneId=${phoneId}` : ''}`;

  // spec §5: clearing asks first.
  const clear = async () => {
    if (await confirmAction({ content: t('commerce.codes.clearConfirm') })) clearSettled(usage);
  };

  return (
    <>
      {usage === 'renew' && (
        <CommerceSection title={t('commerce.codes.phone')}>
          {phones.data && renewable.length === 0 ? (
            <p className="cp-commerce-note">{t('commerce.renew.noPhones')}</p>
          ) : (
            <PhonePicker
              single
              phones={renewable}
              selected={new Set(phoneId === null ? [] : [phoneId])}
              onToggle={(p) => choosePhone(p.userPhoneId)}
            />
          )}
        </CommerceSection>
      )}
      <CommerceSection title={t('commerce.codes.title', { count: entries.length })}>
        {entries.length === 0 ? (
          <PageEmpty description={t('commerce.codes.empty')} />
        ) : (
          <CodeList entries={entries} onRemove={(code) => removeCode(usage, code)} />
        )}
      </CommerceSection>
      <div className="cp-commerce-actions">
        <Button block onClick={() => void navigate(pathFor('addCode', clientNo, search))}>
          {t('routes.addCode')}
        </Button>
        <Button
          block
          color="primary"
          disabled={waiting.length === 0 || needsPhone}
          loading={busy}
          onClick={() => void activate()}
        >
          {needsPhone ? t('commerce.codes.choosePhone') : t('commerce.codes.activate', { count: waiting.length })}
        </Button>
        {entries.length > waiting.length && (
          <Button block fill="none" onClick={() => void clear()}>
            {t('commerce.codes.clear')}
          </Button>
        )}
        <Button block fill="none" color="primary" onClick={() => void navigate(pathFor('codeRecord', clientNo))}>
          {t('routes.codeRecord')}
        </Button>
      </div>
    </>
  );
}
