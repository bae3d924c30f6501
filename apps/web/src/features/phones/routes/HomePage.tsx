import { useCallback, useEffect, useState } from 'react';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useClientNo } from '../../../lib/routing/route-context';
import { homeGuideSeen } from '../../../lib/home-guide';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { useSession } from '../../../stores/session';
import { usePhoneGroups } from '../api/phone-groups';
import { usePhonePages } from '../../../lib/phone-pages';
import { ExpiryReminder } from '../components/ExpiryReminder';
import { OnlineDevices } from '../components/OnlineDevices';
import { HomeToolbar } from '../components/HomeToolbar';
import { ListEnd } from '../components/ListEnd';
import { PhoneGrid } from '../components/PhoneGrid';
import { PhoneList } from '../components/PhoneList';
import { SelectionBar } from '../components/SelectionBar';
import { useSelection } from '../../../hooks/use-selection';
import { SEARCH_DELAY_MS, useSettled } from '../../../hooks/use-settled';
import { GRID_COLUMNS, useHomeView } from '../stores/home-view';
import '../phones.css';

/**
 * The cloud-phone tab (spec §2): the user's phones as a list loaded page by page as it scrolls, or
 * as live previews (the main view, 4/9/16 grids). A long press or "Select" chooses phones to move to
 * a group or to operate on together.
 */
export default function HomePage() {
  const clientNo = useClientNo();
  const account = useSession((s) => s.userInfo);
  // An account's first visit walks through home first (issues 29, 55), before home asks for or draws anything.
  if (!homeGuideSeen(account)) return <Navigate to={pathFor('homeGuide', clientNo)} replace />;
  return <Home />;
}

function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const { viewMode, sort, groupId, setGroupId } = useHomeView();
  const [keyword, setKeyword] = useState('');
  const search = useSettled(keyword.trim(), SEARCH_DELAY_MS);

  const groups = usePhoneGroups();
  const list = usePhonePages({ groupId, keyword: search, sort });
  const selection = useSelection();
  // A group deleted meanwhile (in the group manager) leaves its tab: show every group instead.
  const groupGone = groupId !== null && groups.data !== undefined && !groups.data.some((g) => g.groupId === groupId);
  useEffect(() => {
    if (groupGone) setGroupId(null);
  }, [groupGone, setGroupId]);
  const [selecting, setSelecting] = useState(false);
  // Until either answer is in, assume there are phones rather than refuse the view switch.
  const hasPhones = groups.data
    ? groups.data.some((g) => g.count > 0)
    : list.data === undefined || list.total > 0 || search !== '' || groupId !== null;

  const open = useCallback(
    (phone: UserPhone) => {
      if (phone.status === 'expired' || phone.expireTime <= Date.now()) {
        notify(errorMessage('deviceExpired', currentLanguage()));
        return;
      }
      void navigate(pathFor('phone-view', clientNo, `?userPhoneId=${phone.userPhoneId}`));
    },
    [navigate, clientNo],
  );

  const { replace } = selection;
  const startSelecting = useCallback(
    (phone?: UserPhone) => {
      replace(phone ? [phone.userPhoneId] : []);
      setSelecting(true);
    },
    [replace],
  );
  const withSelected = (route: string) =>
    void navigate(pathFor(route, clientNo, `?userPhoneIds=${selection.ids.join(',')}`));
  const selectAll = async (all: boolean) => {
    replace(all ? (await list.loadAll()).map((p) => p.userPhoneId) : []);
  };

  const refresh = async () => {
    await Promise.all([list.refetch(), groups.refetch()]);
  };

  const { phones, total, loadMore } = list;
  const body = () => {
    if (list.isPending) return <PageLoading />;
    if (list.isError) return <PageError message={list.error.message} onRetry={() => void list.refetch()} />;
    if (phones.length === 0) {
      if (search) return <PageEmpty description={errorMessage('searchEmpty', currentLanguage())} />;
      if (hasPhones || groupId !== null) return <PageEmpty />;
      return (
        <div className="cp-phones-empty">
          <PageEmpty description={t('phones.emptyTitle')} />
          <Button color="primary" onClick={() => void navigate(pathFor('addPhone', clientNo))}>
            {t('phones.buy')}
          </Button>
        </div>
      );
    }
    if (viewMode !== 'list' && !selecting) {
      return (
        <PhoneGrid
          phones={phones}
          total={total}
          onNeedMore={() => void loadMore().catch(() => undefined)}
          columns={GRID_COLUMNS[viewMode]}
          onOpen={open}
          onLongPress={startSelecting}
        />
      );
    }
    return (
      <>
        <PhoneList
          phones={phones}
          onOpen={open}
          onLongPress={selecting ? undefined : startSelecting}
          selected={selecting ? selection.selected : undefined}
          onToggle={selecting ? selection.toggle : undefined}
        />
        <InfiniteScroll loadMore={loadMore} hasMore={list.hasNextPage}>
          {(hasMore, failed, retry) => <ListEnd hasMore={hasMore} failed={failed} onRetry={retry} />}
        </InfiniteScroll>
      </>
    );
  };

  return (
    <div className="cp-home">
      <HomeToolbar
        groups={groups.data ?? []}
        keyword={keyword}
        onKeyword={setKeyword}
        canSwitchView={hasPhones}
        onCannotSwitchView={() => notify(errorMessage('cannotSwitchViewWithoutPhone', currentLanguage()), 'warning')}
        onManageGroups={() => void navigate(pathFor('manageGroup', clientNo))}
        onSelect={() => startSelecting()}
        online={<OnlineDevices onOpen={open} />}
      />
      <div className="cp-home__body">
        <PullToRefresh onRefresh={refresh}>{body()}</PullToRefresh>
      </div>
      {selecting ? (
        <SelectionBar
          count={selection.ids.length}
          allSelected={phones.length > 0 && phones.length >= total && phones.every((p) => selection.has(p))}
          onSelectAll={(all) => void selectAll(all).catch(() => undefined)}
          onMove={() => withSelected('movePhoneToGroup')}
          onBatch={() => withSelected('batchOperation')}
          onDone={() => setSelecting(false)}
        />
      ) : (
        <ExpiryReminder />
      )}
    </div>
  );
}
