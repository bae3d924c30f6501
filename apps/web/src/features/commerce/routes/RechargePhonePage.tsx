import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useMyPhones } from '../../../lib/my-phones';
import { CommerceSection } from '../components/CommerceSection';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { PurchaseGate } from '../../../components/PurchaseGate';
import { RenewalCheckout } from '../components/RenewalCheckout';
import { phoneIdsParam } from '../lib/phone-param';
import '../commerce.css';
import { holdsFor } from '../../../lib/phone-rules';

/** Renew several phones at once with one package (spec §1, §5). */
export default function RechargePhonePage() {
  return (
    <PurchaseGate>
      <RenewPhones />
    </PurchaseGate>
  );
}

function RenewPhones() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const phones = useMyPhones();
  const [chosen, setChosen] = useState<number[]>(() => phoneIdsParam(params));

  if (phones.isPending) return <PageLoading />;
  if (phones.error) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  if (phones.data.length === 0) return <PageEmpty description={t('commerce.renew.noPhones')} />;
  // Phones granted by another account are renewed by their owner.
  const own = phones.data.filter((p) => holdsFor(p, 'renew'));
  const selected = chosen.filter((id) => own.some((p) => p.userPhoneId === id));

  return (
    <div className="cp-commerce">
      <CommerceSection title={t('commerce.renew.phones', { count: selected.length })}>
        <PhonePicker
          phones={own}
          selected={new Set(selected)}
          onToggle={(phone) =>
            setChosen((ids) =>
              ids.includes(phone.userPhoneId)
                ? ids.filter((id) => id !== phone.userPhoneId)
                : [...ids, phone.userPhoneId],
            )
          }
          onToggleAll={(all) => setChosen(all ? own.map((p) => p.userPhoneId) : [])}
        />
      </CommerceSection>
      <RenewalCheckout userPhoneIds={selected} />
    </div>
  );
}
