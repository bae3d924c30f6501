import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/console/SectionCard';
import { AnalyticsTab } from '../components/AnalyticsTab';
import { AssistantTab } from '../components/AssistantTab';
import { BroadcastTab } from '../components/BroadcastTab';

/** What the merchant tells its customers (issue 64): broadcasts, the AI assistant, where analytics go. */
export default function MessagesPage() {
  const { t } = useTranslation('console');
  return (
    <SectionCard title={t('messages.sectionTitle')}>
      <Tabs
        items={[
          { key: 'broadcast', label: t('messages.broadcasts'), children: <BroadcastTab /> },
          { key: 'assistant', label: t('messages.assistant'), children: <AssistantTab /> },
          { key: 'analytics', label: t('messages.analytics'), children: <AnalyticsTab /> },
        ]}
      />
    </SectionCard>
  );
}
