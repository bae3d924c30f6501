import type { Endpoint } from '../endpoint';

/** /api/admin/messages: broadcasts, the AI assistant and analytics forwarding (issue 64), as `message:send`, `assistant:set` and `analytics:forward` set them. */

export const broadcast = {
  method: 'POST',
  path: '/api/admin/messages/broadcast',
  access: 'operator',
  console: 'content.write',
  summary: "Send a message to every customer of the merchant, or to one by UID (the message centre's system tab)",
  body: (s) => s.adminBroadcastBody,
  reply: (s) => s.adminBroadcastSchema,
} satisfies Endpoint;

export const sent = {
  method: 'GET',
  path: '/api/admin/messages/sent',
  access: 'operator',
  console: 'content.read',
  summary: 'The broadcasts sent, newest first: what, to whom, to how many, by whom',
  query: (s) => s.adminBroadcastQuery,
  reply: (s) => s.adminBroadcastPageSchema,
} satisfies Endpoint;

export const assistant = {
  method: 'GET',
  path: '/api/admin/messages/assistant',
  access: 'operator',
  console: 'content.read',
  summary: "The AI assistant's endpoint and model, and whether a key is kept (never the key)",
  reply: (s) => s.adminAssistantSchema,
} satisfies Endpoint;

export const setAssistant = {
  method: 'POST',
  path: '/api/admin/messages/assistant/set',
  access: 'operator',
  console: 'content.write',
  summary: 'Set the AI assistant up (an OpenAI-compatible endpoint), or turn it off with an empty URL',
  body: (s) => s.adminAssistantBody,
  reply: (s) => s.adminAssistantSchema,
} satisfies Endpoint;

export const testAssistant = {
  method: 'POST',
  path: '/api/admin/messages/assistant/test',
  access: 'operator',
  console: 'content.write',
  summary: 'Ask the AI assistant as it is set up a question, as a customer would',
  body: (s) => s.adminAssistantTestBody,
  reply: (s) => s.adminAssistantAnswerSchema,
} satisfies Endpoint;

export const analyticsForward = {
  method: 'GET',
  path: '/api/admin/messages/analytics-forward',
  access: 'operator',
  console: 'content.read',
  summary: "Where the merchant's analytics events are forwarded; empty: nowhere",
  reply: (s) => s.adminAnalyticsForwardSchema,
} satisfies Endpoint;

export const setAnalyticsForward = {
  method: 'POST',
  path: '/api/admin/messages/analytics-forward/set',
  access: 'operator',
  console: 'content.write',
  summary: "Forward the merchant's analytics events to its own collector, or stop with an empty URL",
  body: (s) => s.adminAnalyticsForwardBody,
  reply: (s) => s.adminAnalyticsForwardSchema,
} satisfies Endpoint;
