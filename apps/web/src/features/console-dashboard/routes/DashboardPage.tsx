import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Select, Space, Spin, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import * as dashboard from '@cloudphone/contracts/endpoints/admin/dashboard';
import * as session from '@cloudphone/contracts/endpoints/admin/session';
import { DASHBOARD_MAX_DAYS } from '@cloudphone/contracts/console-dashboard';
import { LoadFailed } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format-money';
import { DayChart } from '../components/DayChart';

const DAY_FORMAT = 'YYYY-MM-DD';
/** The range a dashboard opens on: the last 30 days, today's included (UTC days, as the server counts them). */
const lastDays = (count: number): [Dayjs, Dayjs] => [dayjs().subtract(count - 1, 'day'), dayjs()];

/**
 * How the business goes (issue 64): revenue and orders, customers new and active, phones sold and
 * renewed per day over a range, the merchant's or one client's; phones expiring within a week and the
 * hosts' capacity used. Its chart library is loaded with this page only.
 */
export default function DashboardPage() {
  const { t } = useTranslation('console');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(lastDays(30));
  const [clientId, setClientId] = useState<number | undefined>();
  const clients = useQuery({ queryKey: ['console', 'client-names'], queryFn: () => call(session.clients) });
  const query = { from: range[0].format(DAY_FORMAT), to: range[1].format(DAY_FORMAT), clientId };
  const data = useQuery({
    queryKey: ['console', 'dashboard', query],
    queryFn: () => call(dashboard.days, { query }),
    placeholderData: keepPreviousData,
  });
  const days = data.data?.days ?? [];
  const total = (pick: (day: (typeof days)[number]) => number) => days.reduce((sum, day) => sum + pick(day), 0);
  const labels = days.map((day) => day.day);
  const filters = (
    <Space wrap>
      <Select
        value={clientId ?? 0}
        onChange={(value) => setClientId(value || undefined)}
        style={{ minWidth: 200 }}
        options={[
          { value: 0, label: t('dashboard.allClients') },
          ...(clients.data ?? []).map((c) => ({ value: c.clientId, label: `${c.name} (${c.clientNo})` })),
        ]}
      />
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        disabledDate={(day, { from }) =>
          day.isAfter(dayjs()) || (!!from && Math.abs(day.diff(from, 'day')) >= DASHBOARD_MAX_DAYS)
        }
        onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
      />
    </Space>
  );
  return (
    <Card title={t('dashboard.title')} extra={filters}>
      {data.isError ? (
        <LoadFailed onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Row gutter={[16, 16]}>
            <Col span={6}>
              <Statistic
                title={t('dashboard.revenue')}
                value={formatMoney(total((d) => d.revenueCents))}
                valueRender={(node) => <span data-testid="dashboard-revenue">{node}</span>}
              />
            </Col>
            <Col span={6}>
              <Statistic title={t('dashboard.orders')} value={total((d) => d.orders)} />
            </Col>
            <Col span={6}>
              <Statistic title={t('dashboard.newCustomers')} value={total((d) => d.newCustomers)} />
            </Col>
            <Col span={6}>
              <Statistic title={t('dashboard.phonesSold')} value={total((d) => d.phonesSold)} />
            </Col>
            <Col span={6}>
              <Statistic title={t('dashboard.phonesRenewed')} value={total((d) => d.phonesRenewed)} />
            </Col>
            <Col span={6}>
              <Statistic title={t('dashboard.expiringSoon')} value={data.data.expiringSoon} />
            </Col>
            <Col span={6}>
              <Statistic
                title={t('dashboard.hostCapacity')}
                value={`${data.data.hosts.phones} / ${data.data.hosts.capacity ?? '∞'}`}
              />
            </Col>
          </Row>
          <DayChart
            testId="chart-revenue"
            days={labels}
            format={(cents) => formatMoney(cents)}
            series={[{ name: t('dashboard.revenue'), kind: 'bar', values: days.map((d) => d.revenueCents) }]}
          />
          <DayChart
            testId="chart-orders"
            days={labels}
            series={[
              { name: t('dashboard.orders'), kind: 'line', values: days.map((d) => d.orders) },
              { name: t('dashboard.phonesSold'), kind: 'bar', stack: 'phones', values: days.map((d) => d.phonesSold) },
              {
                name: t('dashboard.phonesRenewed'),
                kind: 'bar',
                stack: 'phones',
                values: days.map((d) => d.phonesRenewed),
              },
            ]}
          />
          <DayChart
            testId="chart-customers"
            days={labels}
            series={[
              { name: t('dashboard.newCustomers'), kind: 'line', values: days.map((d) => d.newCustomers) },
              { name: t('dashboard.activeCustomers'), kind: 'line', values: days.map((d) => d.activeCustomers) },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
