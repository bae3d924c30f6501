import { useState } from 'react';
import { useAsk, useMessages } from '../api/messages';

/**
 * The AI assistant's conversation (spec §2 message centre): its messages oldest first, the question
 * being typed, and asking it, which empties the box once the question is in.
 */
export function useAssistantChat() {
  const pages = useMessages('assistant');
  const ask = useAsk();
  const [text, setText] = useState('');
  const conversation = (pages.data?.pages ?? []).flatMap((p) => p.list).reverse();
  const send = () => {
    const question = text.trim();
    if (!question) return;
    ask.mutate(question, { onSuccess: () => setText('') });
  };
  return { pages, conversation, asking: ask.isPending, text, setText, send };
}
