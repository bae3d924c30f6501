import { useState } from 'react';
import { Badge, Button, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageTab } from '../../../features/messages/api/messages';
import { useMessageTabs } from '../../../features/messages/hooks/use-message-tabs';
import { notify } from '../../../stores/notifications';
import { Screen } from '../../components/Screen';
import { AssistantPanel } from './AssistantPanel';
import { CustomerServiceDrawer } from './CustomerServiceDrawer';
import { MessageDrawer } from './MessageDrawer';
import { MessageTable } from './MessageTable';
import './people.css';

/**
 * The message centre (spec §2's desktop list): all, the AI assistant's (where the client's AI mode
 * offers it) and the system's, with unread counts; messages in a paged table, read one in a side
 * panel (which marks it read), mark several read or a whole tab; ask the assistant; reach customer service.
 */
export default function MessagesScreen() {
  const { t } = useTranslation();
  const { tabs, unread, canReadAll, readAll } = useMessageTabs();
  const [chosenTab, setTab] = useState<MessageTab>('all');
  const [opened, setOpened] = useState<number | null>(null);
  const [support, setSupport] = useState(false);
  // The assistant's tab goes when the client's AI mode is switched off.
  const tab = tabs.includes(chosenTab) ? chosenTab : 'all';

  return (
    <Screen
      title={t('desktop.menu.messages')}
      extra={
        <Space>
          <Button data-testid="desk-messages-support" onClick={() => setSupport(true)}>
            {t('support.entry')}
          </Button>
          <Button
            disabled={!canReadAll}
            data-testid="desk-messages-read-all"
            onClick={() => readAll(tab, () => notify(t('messages.readAllDone'), 'success'))}
          >
            {t('messages.readAll')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as MessageTab)}
        items={tabs.map((key) => ({
          key,
          label: (
            <Badge count={unread?.[key] ?? 0} size="small" offset={[8, -2]} data-testid={`desk-messages-tab-${key}`}>
              {t(`messages.tabs.${key}`)}
            </Badge>
          ),
          children: key === 'assistant' ? <AssistantPanel /> : <MessageTable type={key} onOpen={setOpened} />,
        }))}
      />
      {opened !== null && <MessageDrawer messageId={opened} onClose={() => setOpened(null)} />}
      {support && <CustomerServiceDrawer onClose={() => setSupport(false)} />}
    </Screen>
  );
}
