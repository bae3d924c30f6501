import { useEffect, useRef } from 'react';
import { Button, Empty, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_QUESTION_MAX } from '@cloudphone/contracts/messages';
import { useAssistantChat } from '../../../features/messages/hooks/use-assistant-chat';
import { QueryState } from '../../components/Screen';

/** The AI assistant's tab: the conversation, oldest first, earlier parts on demand, and a box to ask in. */
export function AssistantPanel() {
  const { t } = useTranslation();
  const { pages, conversation, asking, text, setText, send } = useAssistantChat();
  const end = useRef<HTMLLIElement>(null);
  const newest = conversation.at(-1)?.messageId;
  // The newest words in sight, as in any chat.
  useEffect(() => end.current?.scrollIntoView({ block: 'nearest' }), [newest, asking]);

  return (
    <QueryState query={{ ...pages, error: pages.data ? null : pages.error }}>
      <div className="cp-desk-assistant" data-testid="desk-assistant">
        <ol className="cp-desk-assistant__conversation">
          {pages.hasNextPage && (
            <li className="cp-desk-assistant__earlier">
              <Button type="link" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {t('desktop.people.messages.earlier')}
              </Button>
            </li>
          )}
          {conversation.length === 0 && !asking && <Empty description={t('messages.assistantEmpty')} />}
          {conversation.map((m) => (
            <li
              key={m.messageId}
              className={`cp-desk-assistant__bubble cp-desk-assistant__bubble--${m.mine ? 'me' : 'ai'}`}
              data-testid="desk-assistant-message"
            >
              {m.content}
            </li>
          ))}
          {asking && (
            <li className="cp-desk-assistant__bubble cp-desk-assistant__bubble--ai">{t('messages.asking')}</li>
          )}
          <li ref={end} aria-hidden />
        </ol>
        <Space.Compact block>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={(e) => {
              // Enter asks; Shift+Enter starts a new line.
              if (e.shiftKey) return;
              e.preventDefault();
              send();
            }}
            placeholder={t('messages.askPlaceholder')}
            aria-label={t('messages.askPlaceholder')}
            maxLength={ASSISTANT_QUESTION_MAX}
            autoSize={{ minRows: 1, maxRows: 4 }}
            data-testid="desk-assistant-input"
          />
          <Button
            type="primary"
            loading={asking}
            disabled={!text.trim()}
            onClick={send}
            data-testid="desk-assistant-ask"
          >
            {t('messages.ask')}
          </Button>
        </Space.Compact>
      </div>
    </QueryState>
  );
}
