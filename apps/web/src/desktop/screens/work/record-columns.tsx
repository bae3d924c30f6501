import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/format-time';

/** A column of times (epoch ms), sortable, the newest first until the user sorts otherwise. */
export function timeColumn<T>(title: string, time: (record: T) => number): ColumnType<T> {
  return {
    title,
    key: 'time',
    width: 170,
    defaultSortOrder: 'descend',
    sorter: (a, b) => time(a) - time(b),
    render: (_, record) => formatDateTime(time(record)),
  };
}

/** A column of text (a name, a list of names), sortable, cut with an ellipsis where it is long. */
export function textColumn<T>(title: string, text: (record: T) => string, width?: number): ColumnType<T> {
  return {
    title,
    key: title,
    width,
    ellipsis: true,
    sorter: (a, b) => text(a).localeCompare(text(b)),
    render: (_, record) => text(record),
  };
}

/** A column of state tags, sortable by the state's code. */
export function stateColumn<T>(
  title: string,
  state: (record: T) => string,
  tag: (record: T) => ReactNode,
): ColumnType<T> {
  return {
    title,
    key: 'state',
    width: 120,
    sorter: (a, b) => state(a).localeCompare(state(b)),
    render: (_, record) => tag(record),
  };
}
