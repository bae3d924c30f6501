import { Button, DotLoading, InfiniteScroll, List, NavBar, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { useSwitchList } from '../api/my-phones';
import { useStreamingSessionLifetime } from '../hooks/use-streaming-session-lifetime';
import '../phone-view.css';
import { Name } from '../../../components/Name';

/** Switch phone (spec §2): another of the user's phones, without leaving the phone layout. */
export default function PhoneViewSwitchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const current = Number(useStreamingSessionLifetime().userPhoneId);
  const list = useSwitchList();
  const phones = list.data?.pages.flatMap((page) => page.list) ?? [];

  // Each phone view replaces this page, so back from it goes where the first phone view came from.
  const view = (userPhoneId: number) =>
    void navigate(pathFor('phone-view', clientNo, `?userPhoneId=${userPhoneId}`), { replace: true });
  const back = () => (current > 0 ? view(current) : void navigate(`/${clientNo}`));
  const choose = (phone: UserPhone) => {
    if (phone.status === 'expired' || phone.expireTime <= Date.now())
      return notify(errorMessage('deviceExpired', currentLanguage()));
    view(phone.userPhoneId);
  };

  const body = () => {
    if (list.isPending) return <PageLoading />;
    if (list.isError) return <PageError message={list.error.message} onRetry={() => void list.refetch()} />;
    if (phones.length === 0) return <PageEmpty />;
    return (
      <>
        <List>
          {phones.map((phone) => (
            <List.Item
              key={phone.userPhoneId}
              clickable
              onClick={() => choose(phone)}
              description={`${phone.mockModel.manufacturer} ${phone.mockModel.model}`.trim()}
              extra={
                <span className="cp-phone-switch__state">
                  {phone.userPhoneId === current && <Tag color="primary">{t('phoneView.switch.current')}</Tag>}
                  {t(`phoneView.status.${phone.status}`)}
                </span>
              }
            >
              <Name value={phone.name} />
            </List.Item>
          ))}
        </List>
        <InfiniteScroll loadMore={() => list.fetchNextPage().then(() => undefined)} hasMore={list.hasNextPage}>
          {(hasMore, failed, retry) =>
            failed ? (
              <Button size="mini" onClick={() => void retry()}>
                {t('common.retry')}
              </Button>
            ) : (
              hasMore && <DotLoading />
            )
          }
        </InfiniteScroll>
      </>
    );
  };

  return (
    <div className="cp-phone-switch">
      <NavBar onBack={back}>{t('routes.phone-view-switch')}</NavBar>
      {body()}
    </div>
  );
}
