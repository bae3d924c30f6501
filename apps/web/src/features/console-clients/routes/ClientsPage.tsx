import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import { SectionCard } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../api/clients';
import { AgreementsTab } from '../components/AgreementsTab';
import { FunctionsTab } from '../components/FunctionsTab';
import { LimitsCard } from '../components/LimitsCard';
import { LookTab } from '../components/LookTab';
import { ServiceTab } from '../components/ServiceTab';
import { SettingsTab } from '../components/SettingsTab';

/**
 * The merchant's clients (issue 63) — each one's look, functions, agreements, customer service and
 * settings, as `client:*` sets them — and the merchant's limits.
 */
export default function ClientsPage() {
  const { t } = useTranslation('console');
  const list = useQuery({ queryKey: CLIENTS_KEY, queryFn: () => call(clients.list) });
  const [picked, setPicked] = useState<number | null>(null);
  const all = list.data?.clients ?? [];
  const client = all.find((c) => c.clientId === picked) ?? all[0];
  return (
    <>
      <SectionCard
        title={t('clients.title')}
        extra={
          all.length > 1 && (
            <Select
              data-testid="client-pick"
              value={client?.clientId}
              onChange={setPicked}
              style={{ minWidth: 200 }}
              options={all.map((c) => ({ value: c.clientId, label: `${c.name} (${c.clientNo})` }))}
            />
          )
        }
        failed={list.isError}
        onRetry={() => void list.refetch()}
      >
        {list.isLoading ? (
          <Spin />
        ) : !client ? (
          <Empty description={t('clients.none')} />
        ) : (
          <Tabs
            items={[
              { key: 'look', label: t('clients.tabs.look'), children: <LookTab client={client} /> },
              { key: 'functions', label: t('clients.tabs.functions'), children: <FunctionsTab client={client} /> },
              { key: 'agreements', label: t('clients.tabs.agreements'), children: <AgreementsTab client={client} /> },
              { key: 'service', label: t('clients.tabs.service'), children: <ServiceTab client={client} /> },
              { key: 'settings', label: t('clients.tabs.settings'), children: <SettingsTab client={client} /> },
            ]}
          />
        )}
      </SectionCard>
      {list.data && <LimitsCard key={JSON.stringify(list.data.limits)} limits={list.data.limits} />}
    </>
  );
}
