import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REFUNDABLE_STATUSES } from '@cloudphone/contracts/commerce';
import * as orders from '@cloudphone/contracts/endpoints/admin/orders';
import { LoadFailed } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format-money';
import { formatDateTime } from '../../../lib/format-time';
import { useOperatorMay } from '../../../stores/operator-session';
import { STATUS_COLOURS } from '../lib/order-status';
import { RefundModal } from './RefundModal';

const time = (at: number | null) => (at ? formatDateTime(at) : '—');

/** An order with what moved its money — the wallets tried, their notices, its refunds — and a refund. */
export function OrderDrawer({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t } = useTranslation('console');
  const mayRefund = useOperatorMay('orders.refund');
  const [refunding, setRefunding] = useState(false);
  const detail = useQuery({
    queryKey: ['console', 'order', orderNo],
    queryFn: () => call(orders.detail, { query: { orderNo } }),
  });
  const order = detail.data?.order;
  const section = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 24 }}>
      {title}
    </Typography.Title>
  );
  return (
    <Drawer
      open
      size={720}
      title={t('orders.detail')}
      onClose={onClose}
      extra={
        mayRefund &&
        order &&
        REFUNDABLE_STATUSES.includes(order.status) && (
          <Button danger onClick={() => setRefunding(true)}>
            {t('orders.refund')}
          </Button>
        )
      }
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <LoadFailed onRetry={() => void detail.refetch()} />}
      {order && detail.data && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('orders.orderNo')}>{order.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('orders.status')}>
              <Tag color={STATUS_COLOURS[order.status]} data-testid="order-status">
                {t(`orders.statuses.${order.status}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.mobile')}>{order.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('orders.package')}>
              {order.gradeName} · {order.packageName} × {order.deviceCount}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.amount')}>{formatMoney(order.payPriceCents)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.payType')}>
              {order.payType ? t(`orders.payTypes.${order.payType}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.createdAt')}>{time(order.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.payTime')}>{time(order.payTime)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.phones')}>{order.userPhoneIds.join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.remark')}>{order.remark || '—'}</Descriptions.Item>
          </Descriptions>
          {section(t('orders.history'))}
          <Table
            size="small"
            rowKey={(row) => `${row.status}-${row.time}`}
            pagination={false}
            dataSource={order.history}
            columns={[
              { title: t('orders.status'), render: (_, row) => t(`orders.statuses.${row.status}`) },
              { title: t('audit.at'), render: (_, row) => time(row.time) },
            ]}
          />
          {section(t('orders.attempts'))}
          <Table
            size="small"
            rowKey="provider"
            pagination={false}
            dataSource={detail.data.attempts}
            columns={[
              { title: t('orders.provider'), dataIndex: 'provider' },
              { title: t('orders.startedAt'), render: (_, row) => time(row.startedAt) },
              { title: t('orders.checkedAt'), render: (_, row) => time(row.checkedAt) },
            ]}
          />
          {section(t('orders.notices'))}
          <Table
            size="small"
            rowKey="transactionId"
            pagination={false}
            dataSource={detail.data.notices}
            columns={[
              { title: t('orders.provider'), dataIndex: 'provider' },
              { title: t('orders.transactionId'), dataIndex: 'transactionId' },
              { title: t('audit.at'), render: (_, row) => time(row.at) },
            ]}
          />
          {section(t('orders.refunds'))}
          <Table
            size="small"
            rowKey="refundNo"
            pagination={false}
            dataSource={detail.data.refunds}
            columns={[
              { title: t('orders.refundNo'), dataIndex: 'refundNo' },
              { title: t('orders.amount'), render: (_, row) => formatMoney(row.amountCents) },
              { title: t('orders.status'), render: (_, row) => t(`orders.refundStates.${row.status}`) },
              { title: t('orders.reason'), dataIndex: 'reason' },
              { title: t('audit.at'), render: (_, row) => time(row.createdAt) },
            ]}
          />
        </>
      )}
      {refunding && <RefundModal orderNo={orderNo} onClose={() => setRefunding(false)} />}
    </Drawer>
  );
}
