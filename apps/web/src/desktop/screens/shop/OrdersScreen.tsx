import { useState } from 'react';
import { Button, Drawer, Select, Space, Steps, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@cloudphone/contracts/commerce';
import { formatDateTime } from '../../../lib/format-time';
import { ORDER_PAGE_SIZE, useOrderPage } from '../../../features/commerce/api/orders';
import { formatMoney } from '../../../lib/format-money';
import { ORDER_STATUS_COLOR, orderedWhat } from '../../../features/commerce/lib/order-facts';
import { useCancelOrder } from '../../../features/commerce/hooks/use-payment';
import { QueryState, Screen } from '../../components/Screen';
import { TAG_COLORS } from '../../components/tag-colors';
import { codeColumn, numberColumn, timeColumn } from './columns';
import { useConfirmCancelOrder } from './confirm-cancel';
import { OrderFacts } from './OrderFacts';
import { PayModal } from './PayModal';
import './shop.css';

const ALL = 'all';

/**
 * The orders (spec §2 "orders and payment result, with QR payment"): every order or those in one state,
 * newest first, page by page; an order's details and history in a side panel; an unpaid order paid
 * (a wallet by its QR code) or cancelled, asked first.
 */
export default function OrdersScreen() {
  const { t } = useTranslation();
  const confirmCancel = useConfirmCancelOrder();
  const [status, setStatus] = useState<OrderStatus | typeof ALL>(ALL);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(ORDER_PAGE_SIZE);
  const page = useOrderPage(status === ALL ? null : status, pageNo, pageSize);
  const cancelOrder = useCancelOrder();
  const [opened, setOpened] = useState<Order | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const rows = page.data?.list ?? [];
  // The side panel follows the order as the list reloads it (paid, cancelled).
  const shown = opened && (rows.find((o) => o.orderNo === opened.orderNo) ?? opened);

  const cancel = (order: Order) =>
    confirmCancel(async () => {
      const cancelled = await cancelOrder(order.orderNo);
      if (cancelled && opened?.orderNo === cancelled.orderNo) setOpened(cancelled);
    });
  const payActions = (order: Order) =>
    order.status === 'to_pay' && (
      <Space onClick={(e) => e.stopPropagation()}>
        <Button size="small" type="primary" onClick={() => setPaying(order.orderNo)}>
          {t('commerce.order.pay')}
        </Button>
        <Button size="small" danger onClick={() => cancel(order)}>
          {t('commerce.pay.cancelOrder')}
        </Button>
      </Space>
    );

  const columns: ColumnsType<Order> = [
    codeColumn(t('commerce.order.orderNo'), 'orderNo'),
    { title: t('commerce.order.sku'), key: 'sku', render: (_: unknown, o) => t(`commerce.sku.${o.skuType}`) },
    { title: t('commerce.order.package'), key: 'what', render: (_: unknown, o) => orderedWhat(o) },
    numberColumn(t('commerce.order.devices'), 'deviceCount'),
    numberColumn(t('commerce.order.price'), 'payPriceCents', formatMoney),
    {
      title: t('commerce.order.status'),
      dataIndex: 'status',
      render: (s: OrderStatus) => <Tag color={TAG_COLORS[ORDER_STATUS_COLOR[s]]}>{t(`commerce.status.${s}`)}</Tag>,
    },
    timeColumn(t('commerce.order.createTime'), 'createTime'),
    {
      title: t('desktop.shop.actions'),
      key: 'actions',
      render: (_: unknown, o) => payActions(o) || <Typography.Link>{t('desktop.shop.orders.details')}</Typography.Link>,
    },
  ];

  return (
    <Screen
      title={t('desktop.menu.orders')}
      extra={
        <Select<OrderStatus | typeof ALL>
          style={{ width: 180 }}
          aria-label={t('commerce.order.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPageNo(1);
          }}
          options={[
            { value: ALL, label: t('commerce.order.all') },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`commerce.status.${s}`) })),
          ]}
        />
      }
    >
      <QueryState query={page}>
        <Table<Order>
          size="small"
          rowKey="orderNo"
          columns={columns}
          dataSource={rows}
          loading={page.isFetching}
          locale={{ emptyText: t('commerce.order.empty') }}
          pagination={{
            current: pageNo,
            pageSize,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (count) => t('desktop.shop.total', { count }),
            onChange: (next, size) => {
              setPageNo(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
          onRow={(order) => ({
            'data-testid': 'desk-order-row',
            'data-order-no': order.orderNo,
            'data-status': order.status,
            style: { cursor: 'pointer' },
            onClick: () => setOpened(order),
          })}
        />
      </QueryState>
      <Drawer
        open={shown !== null}
        title={t('desktop.shop.orders.detailTitle')}
        size={560}
        onClose={() => setOpened(null)}
        extra={shown && payActions(shown)}
      >
        {shown && (
          <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="desk-order-details">
            <OrderFacts order={shown} column={1} />
            <div>
              <Typography.Title level={5}>{t('desktop.shop.orders.history')}</Typography.Title>
              <Steps
                orientation="vertical"
                size="small"
                current={shown.history.length - 1}
                items={shown.history.map((h) => ({
                  key: `${h.status}-${h.time}`,
                  title: t(`commerce.status.${h.status}`),
                  content: formatDateTime(h.time),
                }))}
              />
            </div>
          </Space>
        )}
      </Drawer>
      {paying && <PayModal orderNo={paying} onClose={() => setPaying(null)} />}
    </Screen>
  );
}
