import { useState } from 'react';
import { Button, Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as customers from '@cloudphone/contracts/endpoints/admin/customers';
import { SectionCard } from '../../../components/console/SectionCard';
import { useConsoleList } from '../../../hooks/use-console-list';
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
  const [open, setOpen] = useState<number | null>(null);
  const { search, list, pagination } = useConsoleList<typeof customers.search, Filter>('customers', customers.search);
  return (
    <SectionCard title={t('customers.title')} failed={list.isError} onRetry={() => void list.refetch()}>
      <Form<Filter>
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(next) => {
          search({ mobile: next.mobile?.trim() || undefined, userNo: next.userNo?.trim() || undefined });
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
        pagination={pagination}
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
