import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { LazyPopup } from '../../../components/LazyPopup';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useMyPhones } from '../../../lib/my-phones';
import { PhoneGrid } from './PhoneGrid';

const isOnline = (phone: UserPhone) => phone.status === 'online' && phone.expireTime > Date.now();

/**
 * The online-devices bottom view (spec §2): the user's phones online now, as live previews (one batch
 * token call for the page shown); a tap opens the phone. Its entry on home says how many there are.
 */
export function OnlineDevices({ onOpen }: { onOpen: (phone: UserPhone) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const phones = useMyPhones();
  const online = useMemo(() => (phones.data ?? []).filter(isOnline), [phones.data]);
  if (!phones.data?.length) return null;
  return (
    <>
      <button type="button" className="cp-online__entry" data-testid="online-entry" onClick={() => setOpen(true)}>
        <span className="cp-online__dot" aria-hidden />
        {t('online.entry', { count: online.length })}
      </button>
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        showCloseButton
        bodyClassName="cp-online"
        destroyOnClose
      >
        <section aria-label={t('online.title')} data-testid="online-devices">
          <h2 className="cp-online__title">{t('online.title')}</h2>
          {phones.isPending ? (
            <PageLoading />
          ) : phones.isError ? (
            <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />
          ) : online.length === 0 ? (
            <PageEmpty description={t('online.empty')} />
          ) : (
            <PhoneGrid phones={online} total={online.length} onNeedMore={() => undefined} columns={2} onOpen={onOpen} />
          )}
        </section>
      </LazyPopup>
    </>
  );
}
