import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';

/** The people screens' tables page alike: ten rows, the size changeable, the total shown. */
export const tablePaging = (t: TFunction, more: TablePaginationConfig = {}): TablePaginationConfig => ({
  defaultPageSize: 10,
  showSizeChanger: true,
  showTotal: (count) => t('desktop.people.total', { count }),
  ...more,
});
