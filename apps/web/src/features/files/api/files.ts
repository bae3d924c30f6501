import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as files from '@cloudphone/contracts/endpoints/files/index';
import type { FileKind } from '@cloudphone/contracts/files';
import { call } from '../../../lib/api-client';
import { useLiveEvents, useReadAgainOnLiveChannelOpen } from '../../../lib/live-events';

/** The library is small (a user keeps a few dozen files): one page of the server's largest size. */
const LIBRARY_PAGE_SIZE = 100;

export const fileKeys = {
  library: ['files', 'library'] as const,
  push: (batchId: string) => ['files', 'push', batchId] as const,
  phoneRecords: (userPhoneId: number) => ['files', 'phone-records', userPhoneId] as const,
};

export const getLibraryQueryOptions = (kind?: FileKind) =>
  queryOptions({
    queryKey: [...fileKeys.library, kind ?? 'all'],
    queryFn: () => call(files.page, { query: { pageNo: 1, pageSize: LIBRARY_PAGE_SIZE, kind }, silent: true }),
  });

export function useLibrary(kind?: FileKind) {
  return useQuery(getLibraryQueryOptions(kind));
}

export function useRefreshLibrary() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: fileKeys.library }), [client]);
}

export const deleteFile = (fileId: number) => call(files.delete, { query: { fileId } });

export const pushFiles = (fileIds: number[], userPhoneIds: number[], install: boolean) =>
  call(files.push, { body: { fileIds, userPhoneIds, install } });

export const retryPush = (batchId: string, userPhoneIds: number[]) =>
  call(files.pushRetry, { body: { batchId, userPhoneIds } });

const listRecords = (query: { batchId?: string; userPhoneId?: number }) =>
  call(files.pushPage, { query: { ...query, pageNo: 1, pageSize: 200 }, silent: true });

/**
 * Every pair of a push batch; live events keep it current (see PushProgress), and it is read again when
 * the live channel opens — an event sent while it was down would otherwise leave a row behind.
 */
export function usePushRecords(batchId: string | null) {
  const queryKey = fileKeys.push(batchId ?? '');
  useReadAgainOnLiveChannelOpen(queryKey);
  return useQuery({ queryKey, queryFn: () => listRecords({ batchId: batchId ?? '' }), enabled: batchId !== null });
}

/** The upload and install records of one phone (none asked while it is null), read again as its pushes move. */
export function usePhoneRecords(userPhoneId: number | null) {
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'file.push' && event.userPhoneId === userPhoneId)
      void client.invalidateQueries({ queryKey: fileKeys.phoneRecords(userPhoneId) });
  });
  const queryKey = fileKeys.phoneRecords(userPhoneId ?? 0);
  useReadAgainOnLiveChannelOpen(queryKey);
  return useQuery({
    queryKey,
    queryFn: () => listRecords({ userPhoneId: userPhoneId ?? 0 }),
    enabled: userPhoneId !== null,
  });
}
