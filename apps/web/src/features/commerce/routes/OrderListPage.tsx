import { useState } from 'react';
import { DotLoading, InfiniteScroll, Tabs } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@cloudphone/contracts/commerce';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useOrderPages } from '../api/orders';
import { OrderCard } from '../components/OrderCard';
import { useCancelOrder } from '../hooks/use-payment';
import '../commerce.css';

const ALL = 'all';

/** The purchase records (spec §2 orderList): every order, or those in one state, newest first. */
export default function OrderListPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderStatus | typeof ALL>(ALL);
  return (
    <div className="cp-commerce cp-order-list">
      <Tabs activeKey={status} onChange={(key) => setStatus(key as OrderStatus | typeof ALL)}>
        <Tabs.Tab key={ALL} title={t('commerce.order.all')} />
        {ORDER_STATUSES.map((s) => (
          <Tabs.Tab key={s} title={t(`commerce.status.${s}`)} />
        ))}
      </Tabs>
      <Orders status={status === ALL ? null : status} />
    </div>
  );
}

function Orders({ status }: { status: OrderStatus | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const cancelOrder = useCancelOrder();
  const pages = useOrderPages(status);

  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const orders = pages.data.pages.flatMap((p) => p.list);
  if (orders.length === 0) return <PageEmpty description={t('commerce.order.empty')} />;

  const pay = (order: Order) => void navigate(pathFor('payment', clientNo, `?orderNo=${order.orderNo}`));
  const cancel = async (order: Order) => {
    if (await confirmAction({ content: t('commerce.pay.cancelConfirm'), danger: true }))
      await cancelOrder(order.orderNo);
  };

  return (
    <div className="cp-order-list__items">
      {orders.map((order) => (
        <OrderCard key={order.orderNo} order={order} onPay={pay} onCancel={(o) => void cancel(o)} />
      ))}
      <InfiniteScroll
        hasMore={pages.hasNextPage}
        loadMore={async () => {
          await pages.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore) => (hasMore ? <DotLoading color="primary" /> : t('commerce.listEnd'))}
      </InfiniteScroll>
    </div>
  );
}
