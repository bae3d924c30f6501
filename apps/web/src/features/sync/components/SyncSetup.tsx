import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTROL_MAX_WINDOWS } from '@cloudphone/contracts/limits';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useMyPhones } from '../../../lib/my-phones';
import { refreshSync, startSync } from '../api/sync';

/**
 * Choosing a session's phones, then its main: the user's own phones that are not trials and not
 * granted out (the server checks again, and says why a busy phone cannot join).
 */
export function SyncSetup() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phones = useMyPhones();
  const [chosen, setChosen] = useState<number[]>([]);
  const [main, setMain] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  if (phones.isPending) return <PageLoading />;
  if (phones.error) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  const own = phones.data.filter((p) => !p.beAuthorized);
  if (own.length === 0) return <PageEmpty description={t('sync.noPhones')} />;

  const full = chosen.length >= MAIN_CONTROL_MAX_WINDOWS;
  const unavailable = (phone: UserPhone) => {
    if (phone.trial) return t('sync.unavailable.trial');
    if (phone.authorized) return t('sync.unavailable.granted');
    if (full && !chosen.includes(phone.userPhoneId)) return t('sync.tooMany', { max: MAIN_CONTROL_MAX_WINDOWS });
    return null;
  };
  const toggle = (phone: UserPhone) =>
    setChosen((ids) =>
      ids.includes(phone.userPhoneId) ? ids.filter((id) => id !== phone.userPhoneId) : [...ids, phone.userPhoneId],
    );
  const mainId = main !== null && chosen.includes(main) ? main : (chosen[0] ?? null);

  const start = async () => {
    if (mainId === null) return;
    setBusy(true);
    try {
      await startSync(
        mainId,
        chosen.filter((id) => id !== mainId),
      );
      await refreshSync(queryClient);
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cp-sync-setup">
      <p className="cp-sync__intro">{t('sync.intro')}</p>
      <h3 className="cp-sync__title">
        {t('sync.choose')}
        <span className="cp-sync__count">
          {t('sync.chosen', { count: chosen.length, max: MAIN_CONTROL_MAX_WINDOWS })}
        </span>
      </h3>
      <PhonePicker phones={own} selected={new Set(chosen)} onToggle={toggle} unavailable={unavailable} />
      {chosen.length > 1 && (
        <>
          <h3 className="cp-sync__title">{t('sync.chooseMain')}</h3>
          <PhonePicker
            single
            phones={own.filter((p) => chosen.includes(p.userPhoneId))}
            selected={new Set(mainId === null ? [] : [mainId])}
            onToggle={(phone) => setMain(phone.userPhoneId)}
          />
        </>
      )}
      <div className="cp-sync__actions">
        <Button block color="primary" disabled={chosen.length < 2} loading={busy} onClick={() => void start()}>
          {t('sync.start')}
        </Button>
      </div>
    </div>
  );
}
