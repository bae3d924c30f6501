import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Drawer, Table, type TableProps } from 'antd';
import type { InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/Screen';
import { rowAttributes } from './row-attributes';

/** Records a table shows at a time, unless the user picks another size. */
const PAGE_SIZE = 10;

interface RecordSource<T> {
  records: readonly T[] | undefined;
  loading: boolean;
  error: Error | null;
  refetch: () => unknown;
  /** How many there are in all, when the server says more than is loaded. */
  total?: number;
  /** Told how far down the records the user looks: the source may load more behind it. */
  onPage?: (shownUpTo: number) => void;
}

interface RecordDetails<T> {
  title: (record: T) => ReactNode;
  body: (record: T) => ReactNode;
}

type RecordTableProps<T> = RecordSource<T> &
  Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'rowKey' | 'onRow'> & {
    rowKey: keyof T & string;
    emptyText: ReactNode;
    /** A row's `data-*` attributes: where tests find it, and its state. */
    rowData?: (record: T) => Record<`data-${string}`, string | number | boolean>;
    /** A side panel of one record's details, opened by clicking its row; it follows the record as it changes. */
    details?: RecordDetails<T>;
  };

/**
 * Records at desktop density: sorted by their columns and paged on the client, with the loading,
 * empty and error states (an error shows only while nothing is loaded), and a record's details in a
 * side panel.
 */
export function RecordTable<T extends object>({
  records,
  loading,
  error,
  refetch,
  total,
  onPage,
  emptyText,
  rowKey,
  rowData,
  details,
  ...table
}: RecordTableProps<T>) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, pageSize: PAGE_SIZE });
  const [openKey, setOpenKey] = useState<Key | null>(null);
  useEffect(() => onPage?.(page.current * page.pageSize), [onPage, page]);
  const keyOf = (record: T) => record[rowKey] as Key;
  const open = openKey === null ? undefined : records?.find((r) => keyOf(r) === openKey);
  return (
    <QueryState query={{ isPending: false, error: records ? null : error, refetch }}>
      <Table<T>
        size="small"
        {...table}
        rowKey={rowKey}
        loading={loading}
        dataSource={records as T[] | undefined}
        locale={{ emptyText }}
        pagination={{
          ...page,
          showSizeChanger: true,
          showTotal: () => t('desktop.work.total', { count: total ?? records?.length ?? 0 }),
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        onRow={(record) => ({
          ...rowAttributes(rowData?.(record) ?? {}),
          onClick: details ? () => setOpenKey(keyOf(record)) : undefined,
          style: details ? { cursor: 'pointer' } : undefined,
        })}
      />
      {details && (
        <Drawer
          open={open !== undefined}
          onClose={() => setOpenKey(null)}
          size={600}
          title={open && details.title(open)}
        >
          {open && details.body(open)}
        </Drawer>
      )}
    </QueryState>
  );
}

interface InfinitePages<T> {
  data: InfiniteData<{ list: T[]; total: number }> | undefined;
  isLoading: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  error: Error | null;
  refetch: () => unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A feature's records query, read a page at a time, as a RecordTable's source: the next page is
 * fetched while the user looks at the last one loaded.
 */
export function useInfiniteRecords<T>(pages: InfinitePages<T>): RecordSource<T> {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const records = useMemo(() => data?.pages.flatMap((p) => p.list), [data]);
  const loaded = records?.length ?? 0;
  const onPage = useMemo(
    () => (shownUpTo: number) => {
      if (shownUpTo >= loaded && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [loaded, hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  return {
    records,
    loading: pages.isLoading || isFetchingNextPage,
    error: pages.error,
    refetch: pages.refetch,
    total: data?.pages.at(-1)?.total,
    onPage,
  };
}
