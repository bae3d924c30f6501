import { useState } from 'react';
import { DotLoading, InfiniteScroll, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TransferSide } from '@cloudphone/contracts/transfers';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useTransferPages } from '../api/transfers';
import { TransferRecordCard } from '../components/TransferRecordCard';
import '../transfer.css';

/** Transfer records (spec §2 transferList): the transfers the user launched and those they received. */
export default function TransferListPage() {
  const { t } = useTranslation();
  const [side, setSide] = useState<TransferSide>('out');
  return (
    <>
      <Tabs activeKey={side} onChange={(key) => setSide(key as TransferSide)}>
        <Tabs.Tab key="out" title={t('transfer.out')} />
        <Tabs.Tab key="in" title={t('transfer.in')} />
      </Tabs>
      <Records side={side} />
    </>
  );
}

function Records({ side }: { side: TransferSide }) {
  const { t } = useTranslation();
  const pages = useTransferPages(side);
  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const records = pages.data.pages.flatMap((p) => p.list);
  if (records.length === 0)
    return <PageEmpty description={t(side === 'out' ? 'transfer.emptyOut' : 'transfer.emptyIn')} />;
  return (
    <div className="cp-record-list">
      {records.map((record) => (
        <TransferRecordCard key={record.transferNo} record={record} />
      ))}
      <InfiniteScroll
        hasMore={pages.hasNextPage}
        loadMore={async () => {
          await pages.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore) => (hasMore ? <DotLoading color="primary" /> : t('transfer.listEnd'))}
      </InfiniteScroll>
    </div>
  );
}
