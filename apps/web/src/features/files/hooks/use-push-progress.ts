import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { retryPush, usePushRecords, useRefreshLibrary } from '../api/files';
import { applyPushEvent, pushFailed, summarise } from '../lib/push-records';

/**
 * A push batch as it goes (spec §4): its (file, phone) pairs, moved by the live events, and a retry of
 * the phones that failed. Once it is over the library is read again: the files it held may be deleted.
 */
export function usePushProgress(batchId: string) {
  const client = useQueryClient();
  const records = usePushRecords(batchId);
  const refreshLibrary = useRefreshLibrary();
  useLiveEvents((event) => {
    if (event.type === 'file.push' && event.batchId === batchId) applyPushEvent(client, event);
  });

  const running = records.data ? summarise(records.data.list).running : true;
  useEffect(() => {
    if (!running) void refreshLibrary();
  }, [running, refreshLibrary]);

  const retryFailed = async () => {
    const failedPhones = (records.data?.list ?? []).filter(pushFailed).map((r) => r.userPhoneId);
    await retryPush(batchId, [...new Set(failedPhones)]);
    await records.refetch();
  };
  return { records, retryFailed };
}
