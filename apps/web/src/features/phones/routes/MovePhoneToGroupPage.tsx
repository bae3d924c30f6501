import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { PageError, PageLoading } from '../../../components/PageState';
import { notify } from '../../../stores/notifications';
import { movePhonesToGroup, usePhoneGroups, useRefreshPhones } from '../api/phone-groups';
import { useAllPhones } from '../../../lib/phone-pages';
import { GroupNameDialog } from '../components/GroupNameDialog';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useGroupActions } from '../hooks/use-group-actions';
import { useSelection } from '../../../hooks/use-selection';
import { idsParam } from '../../../lib/ids-param';
import '../../../components/page-with-footer.css';
import '../groups.css';

/**
 * Move phones to a group (spec §2 move-phone-to-group): the phones chosen on the page before come
 * ticked (`userPhoneIds`), the target group may come chosen (`groupId`); a new group can be made here.
 */
export default function MovePhoneToGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const groups = usePhoneGroups();
  const phones = useAllPhones();
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const [target, setTarget] = useState<number | null>(params.has('groupId') ? Number(params.get('groupId')) : null);
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState(false);
  const refresh = useRefreshPhones();
  const actions = useGroupActions();

  const inTarget = (phone: UserPhone) => (phone.groupId === target ? t('groups.alreadyIn') : null);
  // Phones already in the target stay where they are; only the others are sent.
  const toMove = phones.phones.filter((p) => selection.selected.has(p.userPhoneId) && p.groupId !== target);

  const move = async () => {
    if (target === null) return;
    setMoving(true);
    try {
      await movePhonesToGroup(
        toMove.map((p) => p.userPhoneId),
        target,
      );
      notify(t('groups.moved'), 'success');
      await refresh();
      void navigate(-1);
    } catch {
      // The request layer has shown why.
    } finally {
      setMoving(false);
    }
  };

  if (groups.isPending || phones.isPending) return <PageLoading />;
  if (groups.isError) return <PageError message={groups.error.message} onRetry={() => void groups.refetch()} />;
  if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;

  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body">
        <section className="cp-move-target" aria-label={t('groups.target')}>
          <div className="cp-move-target__head">
            <h2 className="cp-section-title">{t('groups.target')}</h2>
            <Button size="mini" fill="none" color="primary" onClick={() => setCreating(true)}>
              {t('groups.create')}
            </Button>
          </div>
          <Selector
            columns={2}
            options={groups.data.map((g) => ({ label: g.groupName, value: g.groupId }))}
            value={target === null ? [] : [target]}
            onChange={(value) => setTarget(value[0] ?? null)}
          />
        </section>
        <h2 className="cp-section-title cp-section-title--padded">{t('groups.pickPhones')}</h2>
        <PhonePicker
          phones={phones.phones}
          selected={selection.selected}
          onToggle={selection.toggle}
          onToggleAll={(all) =>
            selection.replace(all ? phones.phones.filter((p) => !inTarget(p)).map((p) => p.userPhoneId) : [])
          }
          unavailable={inTarget}
        />
      </div>
      <div className="cp-groups-page__footer">
        <Button
          block
          color="primary"
          disabled={target === null || toMove.length === 0 || !phones.complete}
          loading={moving}
          onClick={() => void move()}
        >
          {target === null ? t('groups.chooseTarget') : t('groups.moveButton', { count: toMove.length })}
        </Button>
      </div>
      {creating && (
        <GroupNameDialog
          title={t('groups.create')}
          onSave={async (name) => setTarget(await actions.create(name))}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
