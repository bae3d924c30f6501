import type { TFunction } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { FAILED_PUSH_STATES, FINISHED_PUSH_STATES, type PushRecord } from '@cloudphone/contracts/files';
import type { PushEvent } from '@cloudphone/contracts/live-events';
import { fileKeys } from '../api/files';

/**
 * A live push event into the cached records of its batch. Events of one pair may overtake each other
 * (a host's progress and its end), so a pair at rest moves only to a newer attempt (a retry), never
 * back to a step it has passed.
 */
export function applyPushEvent(client: QueryClient, event: PushEvent): void {
  client.setQueryData<{ list: PushRecord[]; total: number }>(fileKeys.push(event.batchId), (records) => {
    if (!records) return records;
    return {
      ...records,
      list: records.list.map((record) => {
        if (record.pushId !== event.pushId) return record;
        const resting = FINISHED_PUSH_STATES.includes(record.state);
        if (resting && event.state !== 'waiting_push')
          return FINISHED_PUSH_STATES.includes(event.state) ? { ...record, ...pick(event) } : record;
        return { ...record, ...pick(event) };
      }),
    };
  });
}

const pick = (event: PushEvent) => ({ state: event.state, progress: event.progress, reason: event.reason });

/** A pair that ended without its file pushed, or its app installed. */
export const pushFailed = (record: PushRecord) => FAILED_PUSH_STATES.includes(record.state);

/** Where a pair is, in words, and why it failed. */
export const pushStateText = (record: PushRecord, t: TFunction) =>
  `${t(`files.state.${record.state}`)}${record.reason ? ` · ${t(`files.reason.${record.reason}`)}` : ''}`;

/** How a batch stands: pairs done, failed, and whether any is still under way. */
export function summarise(records: readonly PushRecord[]) {
  const done = records.filter((r) => FINISHED_PUSH_STATES.includes(r.state)).length;
  const failed = records.filter(pushFailed).length;
  return { total: records.length, done, failed, running: done < records.length };
}
