import { Button, Form, Input, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PhoneRental } from '@cloudphone/contracts/console-customers';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as phones from '@cloudphone/contracts/endpoints/admin/phones';
import { SectionCard } from '../../../components/console/SectionCard';
import { useConsoleList } from '../../../hooks/use-console-list';
import { formatDateTime } from '../../../lib/format-time';

type Phone = ReplyOf<typeof phones.search>['list'][number];

const RENTAL_COLOURS: Record<PhoneRental, string> = { active: 'green', expired: 'orange', released: 'default' };

interface Filter {
  host?: string;
  rental?: 'active' | 'expired';
  mobile?: string;
}

/** Every phone of the tenant (issue 63): its customer, its host and what the host says of it now. */
export default function PhonesPage() {
  const { t, i18n } = useTranslation('console');
  const { search, list, pagination } = useConsoleList<typeof phones.search, Filter>('phones', phones.search);
  // A host may say what the console has no words for yet: then its own word shows.
  const stateOf = (status: string) => {
    const key = `customers.phoneStates.${status}`;
    return i18n.exists(key, { ns: 'console' }) ? t(key as 'customers.phoneStates.online') : status;
  };
  return (
    <SectionCard title={t('phones.title')} failed={list.isError} onRetry={() => void list.refetch()}>
      <Form<Filter>
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(next) => {
          search({
            host: next.host?.trim() || undefined,
            rental: next.rental,
            mobile: next.mobile?.trim() || undefined,
          });
        }}
      >
        <Form.Item name="mobile">
          <Input placeholder={t('customers.mobile')} allowClear />
        </Form.Item>
        <Form.Item name="host">
          <Input placeholder={t('phones.host')} allowClear />
        </Form.Item>
        <Form.Item name="rental">
          <Select
            placeholder={t('phones.rental')}
            allowClear
            style={{ width: 160 }}
            options={(['active', 'expired'] as const).map((rental) => ({
              value: rental,
              label: t(`phones.rentals.${rental}`),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<Phone>
        rowKey="userPhoneId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={pagination}
        columns={[
          { title: t('phones.instance'), dataIndex: 'instanceNo' },
          { title: t('customers.mobile'), dataIndex: 'mobile' },
          { title: t('phones.host'), dataIndex: 'hostName' },
          {
            title: t('phones.rental'),
            render: (_, phone) => <Tag color={RENTAL_COLOURS[phone.rental]}>{t(`phones.rentals.${phone.rental}`)}</Tag>,
          },
          { title: t('customers.phoneState'), render: (_, phone) => stateOf(phone.status) },
          { title: t('customers.expires'), render: (_, phone) => formatDateTime(phone.expireTime) },
        ]}
      />
    </SectionCard>
  );
}
