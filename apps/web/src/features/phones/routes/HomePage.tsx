import { useCallback, useEffect, useState } from 'react';
import { Button, PullToRefresh } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useClientNo } from '../../../app/route-context';
import { pathFor } from '../../../app/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { usePhoneGroups } from '../api/phone-groups';
import { usePhoneList } from '../api/phone-list';
import { HomeToolbar } from '../components/HomeToolbar';
import { PhoneGrid } from '../components/PhoneGrid';
import { PhoneList } from '../components/PhoneList';
import { GRID_COLUMNS, useHomeView } from '../stores/home-view';
import '../phones.css';

/** Typing settles this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The cloud-phone tab (spec §2): the user's phones as a list or as live 4/9/16 grids. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const { viewMode, sort, groupId } = useHomeView();
  const [keyword, setKeyword] = useState('');
  const search = useSettled(keyword.trim(), SEARCH_DELAY_MS);

  const groups = usePhoneGroups();
  const list = usePhoneList({ groupId, keyword: search, sort });
  // Until either answer is in, assume there are phones rather than refuse the view switch.
  const hasPhones = groups.data
    ? groups.data.some((g) => g.count > 0)
    : list.data === undefined || list.data.total > 0 || search !== '' || groupId !== null;

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

  const refresh = async () => {
    await Promise.all([list.refetch(), groups.refetch()]);
  };

  const phones = list.data?.list ?? [];
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
    if (viewMode === 'list') return <PhoneList phones={phones} onOpen={open} />;
    return <PhoneGrid phones={phones} columns={GRID_COLUMNS[viewMode]} onOpen={open} />;
  };

  return (
    <div className="cp-home">
      <HomeToolbar
        groups={groups.data ?? []}
        keyword={keyword}
        onKeyword={setKeyword}
        canSwitchView={hasPhones}
        onCannotSwitchView={() => notify(errorMessage('cannotSwitchViewWithoutPhone', currentLanguage()), 'warning')}
      />
      <div className="cp-home__body">
        <PullToRefresh onRefresh={refresh}>{body()}</PullToRefresh>
      </div>
    </div>
  );
}
