import { useState } from 'react';
import { Button, Form, Input, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus } from '@cloudphone/contracts/commerce';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as orders from '@cloudphone/contracts/endpoints/admin/orders';
import { SectionCard } from '../../../components/console/SectionCard';
import { useConsoleList } from '../../../hooks/use-console-list';
import { formatMoney } from '../../../lib/format-money';
import { formatDateTime } from '../../../lib/format-time';
import { OrderDrawer } from '../components/OrderDrawer';
import { STATUS_COLOURS } from '../lib/order-status';

type AdminOrder = ReplyOf<typeof orders.search>['list'][number];

interface Filter {
  orderNo?: string;
  mobile?: string;
  status?: OrderStatus;
}

/** The tenant's orders (issue 62) by number, buyer or state; each opens with its money and a refund. */
export default function OrdersPage() {
  const { t } = useTranslation('console');
  const [open, setOpen] = useState<string | null>(null);
  const { search, list, pagination } = useConsoleList<typeof orders.search, Filter>('orders', orders.search);
  return (
    <SectionCard title={t('orders.title')} failed={list.isError} onRetry={() => void list.refetch()}>
      <Form<Filter>
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(next) => {
          search({
            orderNo: next.orderNo?.trim() || undefined,
            mobile: next.mobile?.trim() || undefined,
            status: next.status,
          });
        }}
      >
        <Form.Item name="orderNo">
          <Input placeholder={t('orders.orderNo')} allowClear />
        </Form.Item>
        <Form.Item name="mobile">
          <Input placeholder={t('orders.mobile')} allowClear />
        </Form.Item>
        <Form.Item name="status">
          <Select
            placeholder={t('orders.status')}
            allowClear
            style={{ width: 160 }}
            options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`orders.statuses.${status}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<AdminOrder>
        rowKey="orderNo"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={pagination}
        columns={[
          { title: t('orders.orderNo'), dataIndex: 'orderNo' },
          { title: t('orders.mobile'), dataIndex: 'mobile' },
          {
            title: t('orders.package'),
            render: (_, order) => `${order.gradeName} · ${order.packageName} × ${order.deviceCount}`,
          },
          { title: t('orders.amount'), render: (_, order) => formatMoney(order.payPriceCents) },
          {
            title: t('orders.payType'),
            render: (_, order) => (order.payType ? t(`orders.payTypes.${order.payType}`) : '—'),
          },
          {
            title: t('orders.status'),
            render: (_, order) => (
              <Tag color={STATUS_COLOURS[order.status]}>{t(`orders.statuses.${order.status}`)}</Tag>
            ),
          },
          { title: t('orders.createdAt'), render: (_, order) => formatDateTime(order.createTime) },
          {
            title: t('common.actions'),
            render: (_, order) => (
              <Button type="link" onClick={() => setOpen(order.orderNo)}>
                {t('orders.detail')}
              </Button>
            ),
          },
        ]}
      />
      {open && <OrderDrawer orderNo={open} onClose={() => setOpen(null)} />}
    </SectionCard>
  );
}
