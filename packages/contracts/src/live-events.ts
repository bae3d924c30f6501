import { z } from 'zod';
import { FILE_KINDS, PUSH_FAILURE_REASONS, PUSH_STATES } from './files';

/**
 * The one live channel from the server to a signed-in client (DESIGN §10): server-sent events at
 * `GET /api/events`, one JSON message per event. Progress, messages and state changes of every
 * feature travel on it, each as its own `type`.
 */
export const EVENTS_PATH = '/api/events';

/** A (file, phone) pair of a push moved on: its state, or only its progress. */
export const pushEventSchema = z.object({
  type: z.literal('file.push'),
  pushId: z.number().int(),
  batchId: z.string(),
  fileId: z.number().int(),
  userPhoneId: z.number().int(),
  state: z.enum(PUSH_STATES),
  progress: z.number().int(),
  reason: z.enum(PUSH_FAILURE_REASONS).nullable(),
});

/** The library changed (an upload arrived, a file was deleted): lists of files refresh. */
export const libraryEventSchema = z.object({
  type: z.literal('file.library'),
  fileId: z.number().int(),
  kind: z.enum(FILE_KINDS),
  change: z.enum(['added', 'removed']),
});

export const liveEventSchema = z.discriminatedUnion('type', [pushEventSchema, libraryEventSchema]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type PushEvent = z.infer<typeof pushEventSchema>;

/** The server writes a comment this often, so proxies keep an idle channel open. */
export const EVENTS_HEARTBEAT_MS = 15_000;
