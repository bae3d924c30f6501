import { Empty, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/console/SectionCard';
import { useClientPick } from '../../../hooks/use-client-pick';
import { BannersTab } from '../components/BannersTab';
import { GamesTab } from '../components/GamesTab';
import { PagesTab } from '../components/PagesTab';

/** A client's Discover (issue 64): its banners, its articles and single pages, its game channel. */
export default function DiscoverPage() {
  const { t } = useTranslation('console');
  const { clients, client, picker } = useClientPick();
  return (
    <SectionCard
      title={t('discover.title')}
      extra={picker}
      failed={clients.isError}
      onRetry={() => void clients.refetch()}
    >
      {clients.isLoading ? (
        <Spin />
      ) : !client ? (
        <Empty description={t('clients.none')} />
      ) : (
        <Tabs
          items={[
            { key: 'banners', label: t('discover.banners'), children: <BannersTab clientId={client.clientId} /> },
            { key: 'pages', label: t('discover.pages'), children: <PagesTab clientId={client.clientId} /> },
            { key: 'games', label: t('discover.games'), children: <GamesTab clientId={client.clientId} /> },
          ]}
        />
      )}
    </SectionCard>
  );
}
