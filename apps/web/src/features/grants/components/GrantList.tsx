import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Grant, GrantSide } from '@cloudphone/contracts/grants';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { useGrantPages } from '../api/grants';
import { useGrantActions } from '../hooks/use-grant-actions';
import { Name } from '../../../components/Name';

/**
 * The live grants on one side: those the user made (`out`: take back, see a code) or holds (`in`:
 * open the phone), with loading, empty and error states.
 */
export function GrantList({ side }: { side: GrantSide }) {
  const { t } = useTranslation();
  const pages = useGrantPages(side);

  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const grants = pages.data.pages.flatMap((p) => p.list);
  if (grants.length === 0) return <PageEmpty description={t(side === 'out' ? 'grants.emptyOut' : 'grants.emptyIn')} />;

  return (
    <div className="cp-grant-list">
      {grants.map((grant) => (
        <GrantRow key={grant.grantId} grant={grant} side={side} />
      ))}
      <InfiniteScroll
        hasMore={pages.hasNextPage}
        loadMore={async () => {
          await pages.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore) => (hasMore ? <DotLoading color="primary" /> : t('grants.listEnd'))}
      </InfiniteScroll>
    </div>
  );
}

function GrantRow({ grant, side }: { grant: Grant; side: GrantSide }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const { takeBack } = useGrantActions(confirmAction);

  const who =
    grant.account === null
      ? t('grants.status.waiting')
      : t(side === 'out' ? 'grants.to' : 'grants.from', { account: grant.account });
  return (
    <div className="cp-grant" data-testid="grant-row">
      <div className="cp-grant__main">
        <Name className="cp-grant__name" value={grant.phoneName} />
        <span className={`cp-grant__permission cp-grant__permission--${grant.permission}`}>
          {t(`grants.permission.${grant.permission}`)}
        </span>
      </div>
      <div className="cp-grant__detail">{who}</div>
      <div className="cp-grant__detail">
        {t('grants.days', { count: grant.days })} · {t('grants.until', { time: formatDateTime(grant.expireTime) })}
      </div>
      <div className="cp-grant__actions">
        {side === 'out' && grant.grantCode !== null && (
          <Button
            size="small"
            fill="outline"
            onClick={() => void navigate(pathFor('authorizationCode', clientNo, `?grantId=${grant.grantId}`))}
          >
            {t('grants.showCode')}
          </Button>
        )}
        {side === 'out' && (
          <Button size="small" color="danger" fill="outline" onClick={() => void takeBack([grant])}>
            {t('grants.takeBack')}
          </Button>
        )}
        {side === 'in' && (
          <Button
            size="small"
            color="primary"
            onClick={() => void navigate(pathFor('phone-view', clientNo, `?userPhoneId=${grant.userPhoneId}`))}
          >
            {t('grants.open')}
          </Button>
        )}
      </div>
    </div>
  );
}
