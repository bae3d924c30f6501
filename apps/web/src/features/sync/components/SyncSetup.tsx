import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTROL_MAX_WINDOWS } from '@cloudphone/contracts/limits';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useSyncSetup } from '../hooks/use-sync-setup';

/**
 * Choosing a session's phones, then its main (the rule lives in `useSyncSetup`).
 */
export function SyncSetup() {
  const { t } = useTranslation();
  const setup = useSyncSetup();
  const { phones, own, chosen, mainId, unavailable } = setup;

  if (phones.isPending) return <PageLoading />;
  if (phones.error) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  if (own.length === 0) return <PageEmpty description={t('sync.noPhones')} />;

  return (
    <div className="cp-sync-setup">
      <p className="cp-sync__intro">{t('sync.intro')}</p>
      <h3 className="cp-sync__title">
        {t('sync.choose')}
        <span className="cp-sync__count">
          {t('sync.chosen', { count: chosen.length, max: MAIN_CONTROL_MAX_WINDOWS })}
        </span>
      </h3>
      <PhonePicker phones={own} selected={new Set(chosen)} onToggle={setup.toggle} unavailable={unavailable} />
      {setup.ready && (
        <>
          <h3 className="cp-sync__title">{t('sync.chooseMain')}</h3>
          <PhonePicker
            single
            phones={own.filter((p) => chosen.includes(p.userPhoneId))}
            selected={new Set(mainId === null ? [] : [mainId])}
            onToggle={(phone) => setup.setMain(phone.userPhoneId)}
          />
        </>
      )}
      <div className="cp-sync__actions">
        <Button block color="primary" disabled={!setup.ready} loading={setup.busy} onClick={() => void setup.start()}>
          {t('sync.start')}
        </Button>
      </div>
    </div>
  );
}
