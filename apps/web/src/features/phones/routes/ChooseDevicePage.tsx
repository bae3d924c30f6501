import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REPLACE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useAllPhones } from '../../../lib/phone-pages';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useSelection } from '../../../hooks/use-selection';
import { replaceRefusal, withinReplaceMax } from './replace-refusal';
import { idsParam } from '../../../lib/ids-param';
import '../../../components/page-with-footer.css';
import '../groups.css';
import { holdsFor } from '../../../lib/phone-rules';

/** Choose device (spec §2 chooseDevice): the phones to replace, up to 10 at a time (spec §9). */
export default function ChooseDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const phones = useAllPhones();
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const now = Date.now();
  const unavailable = (phone: UserPhone) => replaceRefusal(phone, now);

  if (phones.isPending) return <PageLoading />;
  if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  // Only the user's own phones can be replaced (spec §6): those granted to them are not listed.
  const own = phones.phones.filter((p) => holdsFor(p, 'replace'));
  if (own.length === 0) return <PageEmpty />;

  const toggle = (phone: UserPhone) =>
    selection.selected.has(phone.userPhoneId)
      ? selection.toggle(phone)
      : selection.replace(withinReplaceMax([...selection.ids, phone.userPhoneId]));
  const toggleAll = (all: boolean) =>
    selection.replace(all ? withinReplaceMax(own.filter((p) => !unavailable(p)).map((p) => p.userPhoneId)) : []);
  const next = () =>
    void navigate(pathFor('changePhone', clientNo, `?userPhoneIds=${selection.ids.join(',')}`), { replace: true });

  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body">
        <p className="cp-replace__note">{t('replacement.pickHint', { max: REPLACE_MAX_DEVICES })}</p>
        <PhonePicker
          phones={own}
          selected={selection.selected}
          unavailable={unavailable}
          onToggle={toggle}
          onToggleAll={toggleAll}
        />
      </div>
      <div className="cp-groups-page__footer">
        <Button block color="primary" disabled={selection.ids.length === 0 || !phones.complete} onClick={next}>
          {t('replacement.next', { count: selection.ids.length })}
        </Button>
      </div>
    </div>
  );
}
