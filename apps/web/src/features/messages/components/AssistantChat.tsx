import { Button, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_QUESTION_MAX } from '@cloudphone/contracts/messages';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useAssistantChat } from '../hooks/use-assistant-chat';

/** The AI assistant tab: the conversation, oldest first, and a box to ask in. */
export function AssistantChat() {
  const { t } = useTranslation();
  const { pages, conversation, asking, text, setText, send } = useAssistantChat();
  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  return (
    <div className="cp-assistant">
      {conversation.length === 0 && <PageEmpty description={t('messages.assistantEmpty')} />}
      <ol className="cp-assistant__conversation">
        {conversation.map((m) => (
          <li key={m.messageId} className={`cp-assistant__bubble cp-assistant__bubble--${m.mine ? 'me' : 'ai'}`}>
            {m.content}
          </li>
        ))}
        {asking && <li className="cp-assistant__bubble cp-assistant__bubble--ai">{t('messages.asking')}</li>}
      </ol>
      <div className="cp-assistant__ask">
        <TextArea
          value={text}
          onChange={setText}
          placeholder={t('messages.askPlaceholder')}
          maxLength={ASSISTANT_QUESTION_MAX}
          autoSize={{ minRows: 1, maxRows: 4 }}
        />
        <Button color="primary" size="small" loading={asking} disabled={!text.trim()} onClick={send}>
          {t('messages.ask')}
        </Button>
      </div>
    </div>
  );
}
