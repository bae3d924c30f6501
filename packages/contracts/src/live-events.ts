import { z } from 'zod';
import { FILE_KINDS, PUSH_FAILURE_REASONS, PUSH_STATES } from './files';
import { HOST_TASK_KINDS } from './host-api';
import { MESSAGE_TYPES } from './messages';
import { TASK_STATES } from './sdk';
import { SYNC_FOLLOWER_STATES } from './sync';
import { TRANSFER_STATUSES } from './transfers';
import { CLONE_FAILURE_REASONS, CLONE_TARGET_STATES, TEMPLATE_STATES } from './templates';

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

/** A template being made moved on, or changed state (issue 15). */
export const templateEventSchema = z.object({
  type: z.literal('template'),
  templateId: z.number().int(),
  state: z.enum(TEMPLATE_STATES),
  progress: z.number().int(),
});

/** A phone of a clone moved on: its progress, or its result (issue 15). */
export const cloneTargetEventSchema = z.object({
  type: z.literal('clone.target'),
  cloneId: z.number().int(),
  userPhoneId: z.number().int(),
  state: z.enum(CLONE_TARGET_STATES),
  progress: z.number().int(),
  reason: z.enum(CLONE_FAILURE_REASONS).nullable(),
});

/**
 * A host task of a phone moved on (issue 21: the one task model): a restart, a reset, a setting, a
 * new machine, a push… Everyone who may watch the phone hears it, so lists follow without polling.
 */
export const phoneTaskEventSchema = z.object({
  type: z.literal('phone.task'),
  taskId: z.string(),
  kind: z.enum(HOST_TASK_KINDS),
  userPhoneId: z.number().int(),
  state: z.enum(TASK_STATES),
  progress: z.number().int(),
});

/** A transfer of phones moved on (issue 21): its sender and its receiver hear it. */
export const transferEventSchema = z.object({
  type: z.literal('transfer'),
  transferNo: z.string(),
  status: z.enum(TRANSFER_STATUSES),
});

/**
 * A user's phones changed hands or access (issue 21): a grant made, redeemed or ended, a replacement
 * done, their host gone offline or back (issue 32). Their lists and records are read again.
 */
export const phonesEventSchema = z.object({
  type: z.literal('phones'),
  change: z.enum(['grant', 'replacement', 'host']),
  userPhoneIds: z.array(z.number().int()),
});

/** A message arrived for the user (issue 24): the badge and the message centre follow at once. */
export const messageEventSchema = z.object({
  type: z.literal('message'),
  messageId: z.number().int(),
  messageType: z.enum(MESSAGE_TYPES),
});

/** A follower of the user's sync session keeps up with the main, lags, or went offline (issue 26). */
export const syncFollowerEventSchema = z.object({
  type: z.literal('sync.follower'),
  syncId: z.string(),
  userPhoneId: z.number().int(),
  state: z.enum(SYNC_FOLLOWER_STATES),
});
export type SyncFollowerEvent = z.infer<typeof syncFollowerEventSchema>;

/**
 * Sessions of the user ended (issue 47: a logout, a sign-out of that device, a cancellation, a
 * password or number change): `sessionId` alone, or (null) every session but `keptSessionId`. Never
 * sent to a browser: the live channels of those sessions close, on every API node.
 */
export const sessionEndedEventSchema = z.object({
  type: z.literal('session.ended'),
  sessionId: z.number().int().nullable(),
  keptSessionId: z.number().int().nullable(),
});
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;

/** Whether a channel of session `sessionId` ends with `event`. */
export function endsSession(event: SessionEndedEvent, sessionId: number): boolean {
  return event.sessionId === null ? event.keptSessionId !== sessionId : event.sessionId === sessionId;
}

export const liveEventSchema = z.discriminatedUnion('type', [
  sessionEndedEventSchema,
  messageEventSchema,
  phoneTaskEventSchema,
  transferEventSchema,
  phonesEventSchema,
  pushEventSchema,
  libraryEventSchema,
  templateEventSchema,
  cloneTargetEventSchema,
  syncFollowerEventSchema,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type PushEvent = z.infer<typeof pushEventSchema>;
export type TemplateEvent = z.infer<typeof templateEventSchema>;
export type CloneTargetEvent = z.infer<typeof cloneTargetEventSchema>;
export type PhoneTaskEvent = z.infer<typeof phoneTaskEventSchema>;

/** The server writes a comment this often, so proxies keep an idle channel open. */
export const EVENTS_HEARTBEAT_MS = 15_000;
