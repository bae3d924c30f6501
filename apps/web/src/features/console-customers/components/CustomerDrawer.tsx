import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Popconfirm, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import * as customers from '@cloudphone/contracts/endpoints/admin/customers';
import { LoadFailed } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useOperatorMay } from '../../../stores/operator-session';
import { GiveCouponModal } from './GiveCouponModal';
import { STATE_COLOURS } from './customer-state';

const time = (at: number) => formatDateTime(at);

/**
 * A customer as support sees them — their phones, grants both ways, transfers both ways and login
 * devices, as their own app shows them — and, for a role that may, stopping them or a coupon.
 */
export function CustomerDrawer({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('customers.write');
  const [giving, setGiving] = useState(false);
  const detail = useQuery({
    queryKey: ['console', 'customer', userId],
    queryFn: () => call(customers.detail, { query: { userId } }),
  });
  const setDisabled = useMutation({
    mutationFn: (disabled: boolean) => call(customers.setDisabled, { body: { userId, disabled } }),
    onSuccess: async (customer) => {
      void message.success(t(`customers.states.${customer.status}`));
      await queries.invalidateQueries({ queryKey: ['console'] });
    },
  });
  const data = detail.data;
  const customer = data?.customer;
  const stopped = customer?.status === 'disabled';
  return (
    <Drawer
      open
      size={820}
      title={t('customers.detail')}
      onClose={onClose}
      extra={
        mayWrite &&
        customer &&
        customer.status !== 'unregistered' && (
          <Space>
            <Button onClick={() => setGiving(true)}>{t('customers.giveCoupon')}</Button>
            <Popconfirm
              title={t(stopped ? 'customers.enableConfirm' : 'customers.disableConfirm', { mobile: customer.mobile })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: !stopped }}
              onConfirm={() => setDisabled.mutate(!stopped)}
            >
              <Button danger={!stopped} loading={setDisabled.isPending}>
                {t(stopped ? 'customers.enable' : 'customers.disable')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <LoadFailed onRetry={() => void detail.refetch()} />}
      {data && customer && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('customers.mobile')}>{customer.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('customers.userNo')}>{customer.userNo}</Descriptions.Item>
            <Descriptions.Item label={t('customers.nickname')}>{customer.nickname || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('customers.status')}>
              <Tag color={STATE_COLOURS[customer.status]} data-testid="customer-status">
                {t(`customers.states.${customer.status}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.registered')}>{time(customer.registerTime)}</Descriptions.Item>
            <Descriptions.Item label={t('customers.phones')}>{data.phoneTotal}</Descriptions.Item>
          </Descriptions>
          <Tabs
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'phones',
                label: `${t('customers.phones')} (${data.phoneTotal})`,
                children: (
                  <Table
                    size="small"
                    rowKey="userPhoneId"
                    pagination={false}
                    dataSource={data.phones}
                    data-testid="customer-phones"
                    columns={[
                      { title: t('customers.phoneName'), dataIndex: 'name' },
                      { title: t('customers.grade'), dataIndex: 'gradeName' },
                      {
                        title: t('customers.phoneState'),
                        render: (_, phone) => t(`customers.phoneStates.${phone.status}`),
                      },
                      { title: t('customers.role'), render: (_, phone) => t(`customers.holds.${phone.role}`) },
                      { title: t('customers.expires'), render: (_, phone) => time(phone.expireTime) },
                    ]}
                  />
                ),
              },
              {
                key: 'grants',
                label: t('customers.grants'),
                children: (
                  <Table
                    size="small"
                    rowKey={(grant) => `${grant.side}-${grant.grantId}`}
                    pagination={false}
                    dataSource={[...data.grantsOut, ...data.grantsIn]}
                    columns={[
                      { title: t('customers.phoneName'), dataIndex: 'phoneName' },
                      { title: t('customers.side'), render: (_, grant) => t(`customers.sides.${grant.side}`) },
                      { title: t('customers.account'), render: (_, grant) => grant.account ?? '—' },
                      {
                        title: t('customers.permission'),
                        render: (_, grant) => t(`customers.holds.${grant.permission}`),
                      },
                      { title: t('customers.expires'), render: (_, grant) => time(grant.expireTime) },
                    ]}
                  />
                ),
              },
              {
                key: 'transfers',
                label: t('customers.transfers'),
                children: (
                  <Table
                    size="small"
                    rowKey="transferNo"
                    pagination={false}
                    dataSource={[...data.transfersOut, ...data.transfersIn]}
                    columns={[
                      { title: t('customers.transferNo'), dataIndex: 'transferNo' },
                      { title: t('customers.from'), dataIndex: 'fromAccount' },
                      { title: t('customers.to'), dataIndex: 'toAccount' },
                      {
                        title: t('customers.phones'),
                        render: (_, transfer) => transfer.phones.map((p) => p.name).join(', '),
                      },
                      {
                        title: t('customers.phoneState'),
                        render: (_, transfer) => t(`customers.transferStates.${transfer.status}`),
                      },
                      { title: t('audit.at'), render: (_, transfer) => time(transfer.createdAt) },
                    ]}
                  />
                ),
              },
              {
                key: 'devices',
                label: t('customers.devices'),
                children: (
                  <Table
                    size="small"
                    rowKey="sessionId"
                    pagination={false}
                    dataSource={data.devices}
                    columns={[
                      { title: t('customers.device'), dataIndex: 'userAgent', ellipsis: true },
                      { title: t('audit.address'), dataIndex: 'ip' },
                      { title: t('customers.lastSeen'), render: (_, device) => time(device.lastSeenTime) },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      {giving && <GiveCouponModal userId={userId} onClose={() => setGiving(false)} />}
    </Drawer>
  );
}
