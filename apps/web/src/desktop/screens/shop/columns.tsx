import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/format-time';

/** The fields of a row that hold numbers. */
type NumberField<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

/** A column of a number field, sorted by it, shown as `show` says. */
export function numberColumn<T>(
  title: string,
  field: NumberField<T>,
  show: (value: number) => ReactNode = String,
  more: ColumnType<T> = {},
): ColumnType<T> {
  return {
    title,
    dataIndex: field,
    sorter: (a, b) => Number(a[field]) - Number(b[field]),
    render: (value: number) => show(value),
    ...more,
  };
}

/** When a row happened, newest first until the user sorts otherwise. */
export const timeColumn = <T,>(title: string, field: NumberField<T>) =>
  numberColumn<T>(title, field, formatDateTime, { defaultSortOrder: 'descend' });

/** A code or number the user may copy, in a fixed-width face. */
export const codeColumn = <T,>(title: string, field: keyof T & string): ColumnType<T> => ({
  title,
  dataIndex: field,
  render: (code: string) => <span className="cp-desk-code">{code}</span>,
});
