import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as customers from '@cloudphone/contracts/endpoints/admin/customers';
import { SectionCard } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { CustomerDrawer } from '../components/CustomerDrawer';
import { STATE_COLOURS } from '../components/customer-state';

type Customer = ReplyOf<typeof customers.search>['list'][number];

interface Filter {
  mobile?: string;
  userNo?: string;
}

/** The tenant's customers (issue 63): found by mobile or UID; each opens with what their app shows. */
export default function CustomersPage() {
  const { t } = useTranslation('console');
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['console', 'customers', filter, page],
    queryFn: () => call(customers.search, { query: { ...filter, ...page } }),
    placeholderData: keepPreviousData,
  });
  return (
    <SectionCard title={t('customers.title')} failed={list.isError} onRetry={() => void list.refetch()}>
      <Form<Filter>
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(next) => {
          setFilter({ mobile: next.mobile?.trim() || undefined, userNo: next.userNo?.trim() || undefined });
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      >
        <Form.Item name="mobile">
          <Input placeholder={t('customers.mobile')} allowClear />
        </Form.Item>
        <Form.Item name="userNo">
          <Input placeholder={t('customers.userNo')} allowClear />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<Customer>
        rowKey="userId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (count) => t('common.total', { count }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          pageSizeOptions: [20, 50],
        }}
        columns={[
          { title: t('customers.mobile'), dataIndex: 'mobile' },
          { title: t('customers.userNo'), dataIndex: 'userNo' },
          { title: t('customers.nickname'), dataIndex: 'nickname' },
          {
            title: t('customers.status'),
            render: (_, customer) => (
              <Tag color={STATE_COLOURS[customer.status]}>{t(`customers.states.${customer.status}`)}</Tag>
            ),
          },
          { title: t('customers.registered'), render: (_, customer) => formatDateTime(customer.registerTime) },
          {
            title: t('common.actions'),
            render: (_, customer) => (
              <Button type="link" onClick={() => setOpen(customer.userId)}>
                {t('customers.detail')}
              </Button>
            ),
          },
        ]}
      />
      {open !== null && <CustomerDrawer userId={open} onClose={() => setOpen(null)} />}
    </SectionCard>
  );
}
