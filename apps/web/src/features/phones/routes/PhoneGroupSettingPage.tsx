import { useState } from 'react';
import { Button, InfiniteScroll } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GROUP_ID, PhoneSort } from '@cloudphone/contracts/phones';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { notify } from '../../../stores/notifications';
import { movePhonesToGroup, usePhoneGroups, useRefreshPhones } from '../api/phone-groups';
import { MAX_PAGE_SIZE, usePhonePages } from '../../../lib/phone-pages';
import { GroupNameDialog } from '../components/GroupNameDialog';
import { ListEnd } from '../components/ListEnd';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useGroupActions } from '../hooks/use-group-actions';
import { useSelection } from '../../../hooks/use-selection';
import '../../../components/page-with-footer.css';
import '../groups.css';

/**
 * One group's settings (spec §2 phone-group-setting): its phones, which can be moved to another group
 * or out of it, phones to add, and its name; the default group keeps its name and cannot go.
 */
export default function PhoneGroupSettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const groupId = Number(params.get('groupId') ?? DEFAULT_GROUP_ID);
  const groups = usePhoneGroups();
  const group = groups.data?.find((g) => g.groupId === groupId);
  const phones = usePhonePages({ groupId, keyword: '', sort: PhoneSort.default }, MAX_PAGE_SIZE);
  const selection = useSelection();
  const actions = useGroupActions();
  const refresh = useRefreshPhones();
  const [renaming, setRenaming] = useState(false);
  const [moving, setMoving] = useState(false);

  const toMovePage = (query: string) => void navigate(pathFor('movePhoneToGroup', clientNo, query));
  const moveOut = async () => {
    setMoving(true);
    try {
      await movePhonesToGroup(selection.ids, DEFAULT_GROUP_ID);
      notify(t('groups.moved'), 'success');
      selection.replace([]);
      await refresh();
    } catch {
      // The request layer has shown why.
    } finally {
      setMoving(false);
    }
  };
  const remove = async () => {
    if (group && (await actions.remove(group))) void navigate(pathFor('manageGroup', clientNo), { replace: true });
  };

  if (groups.isPending) return <PageLoading />;
  if (groups.isError) return <PageError message={groups.error.message} onRetry={() => void groups.refetch()} />;
  if (!group) return <PageEmpty description={t('groups.notFound')} />;

  let list;
  if (phones.isPending) list = <PageLoading />;
  else if (phones.isError) list = <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  else if (phones.phones.length === 0) list = <PageEmpty description={t('groups.empty')} />;
  else
    list = (
      <>
        <PhonePicker
          phones={phones.phones}
          selected={selection.selected}
          onToggle={selection.toggle}
          onToggleAll={(all) =>
            void phones
              .loadAll()
              .then((every) => selection.replace(all ? every.map((p) => p.userPhoneId) : []))
              .catch(() => undefined)
          }
        />
        <InfiniteScroll loadMore={phones.loadMore} hasMore={phones.hasNextPage}>
          {(hasMore, failed, retry) => <ListEnd hasMore={hasMore} failed={failed} onRetry={retry} />}
        </InfiniteScroll>
      </>
    );

  return (
    <div className="cp-groups-page">
      <div className="cp-group-head">
        <div className="cp-group-head__title">
          <h2 className="cp-group-head__name">{group.groupName}</h2>
          <span className="cp-group-row__count">{t('groups.count', { count: group.count })}</span>
        </div>
        {!group.isDefault && (
          <div className="cp-group-row__actions">
            <Button size="mini" fill="outline" onClick={() => setRenaming(true)}>
              {t('groups.rename')}
            </Button>
            <Button size="mini" fill="outline" color="danger" onClick={() => void remove()}>
              {t('groups.delete')}
            </Button>
          </div>
        )}
      </div>
      <div className="cp-groups-page__body">{list}</div>
      <div className="cp-groups-page__footer cp-groups-page__footer--row">
        <Button fill="outline" onClick={() => toMovePage(`?groupId=${groupId}`)}>
          {t('groups.addPhones')}
        </Button>
        <Button
          color="primary"
          fill="outline"
          disabled={selection.ids.length === 0}
          onClick={() => toMovePage(`?userPhoneIds=${selection.ids.join(',')}`)}
        >
          {t('phones.selection.move')}
        </Button>
        {!group.isDefault && (
          <Button color="primary" disabled={selection.ids.length === 0} loading={moving} onClick={() => void moveOut()}>
            {t('groups.moveOut')}
          </Button>
        )}
      </div>
      {renaming && (
        <GroupNameDialog
          title={t('groups.renameTitle')}
          name={group.groupName}
          onSave={(name) => actions.rename(group, name)}
          onClose={() => setRenaming(false)}
        />
      )}
    </div>
  );
}
