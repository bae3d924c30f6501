import type { Messages } from './zh-CN';

/** The message centre and customer service (issue 24). */
export const messages: Messages['messages'] = {
  tabs: { all: 'All', assistant: 'AI assistant', system: 'System' },
  readAll: 'Mark all read',
  readAllDone: 'All messages are marked read',
  empty: 'No messages yet',
  end: 'No more messages',
  unread: 'Unread',
  assistantOff: 'The AI assistant is not available',
  assistantEmpty: 'Ask the AI assistant anything about your cloud phones',
  askPlaceholder: 'Type your question',
  ask: 'Send',
  asking: 'The AI assistant is answering…',
  gone: 'This message does not exist any more.',
  toList: 'Back to messages',
};

export const support: Messages['support'] = {
  qrAlt: 'Customer service QR code',
  qrHint: 'Scan the QR code to reach customer service',
  link: 'Chat with customer service',
  email: 'Customer service email',
  phone: 'Customer service phone',
  workTime: 'Working hours',
  entry: 'Customer service',
};
