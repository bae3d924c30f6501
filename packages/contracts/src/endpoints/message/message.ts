import type { Endpoint } from '../endpoint';

/** /api/message: the message centre (spec §1, §2; issue 24). */

export const page = {
  method: 'GET',
  path: '/api/message/page',
  access: 'user',
  summary: "A page of the user's messages, newest first: all, the AI assistant's or the system's",
  query: (s) => s.messagePageQuery,
  reply: (s) => s.messagePageSchema,
} satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/message/get',
  access: 'user',
  summary: 'One message of the user',
  query: (s) => s.messageIdQuery,
  reply: (s) => s.messageSchema,
} satisfies Endpoint;

export const unreadCount = {
  method: 'GET',
  path: '/api/message/unread-count',
  access: 'user',
  summary: "The user's unread messages: all, the AI assistant's and the system's",
  reply: (s) => s.unreadCountSchema,
} satisfies Endpoint;

export const read = {
  method: 'PUT',
  path: '/api/message/read',
  access: 'user',
  summary: 'Marks messages of the user read',
  body: (s) => s.messageReadBody,
  reply: (s) => s.unreadCountSchema,
} satisfies Endpoint;

export const readAll = {
  method: 'PUT',
  path: '/api/message/read-all',
  access: 'user',
  summary: 'Marks every message of the user read, or every one of a type',
  body: (s) => s.messageReadAllBody,
  reply: (s) => s.unreadCountSchema,
} satisfies Endpoint;

export const assistant = {
  method: 'GET',
  path: '/api/message/assistant',
  access: 'user',
  summary: 'Whether the AI assistant is offered to this client',
  reply: (s) => s.assistantStateSchema,
} satisfies Endpoint;

export const ask = {
  method: 'POST',
  path: '/api/message/ask',
  access: 'user',
  summary: 'Asks the AI assistant: the question and its answer become assistant messages',
  body: (s) => s.assistantAskBody,
  reply: (s) => s.messageSchema,
} satisfies Endpoint;
