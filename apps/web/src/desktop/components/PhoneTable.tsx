import { useMemo, useState } from 'react';
import { Input, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { statusTag } from '../../components/phones/phone-status';
import { formatRemainingTime, remainingTime } from '../../components/phones/remaining-time';
import { heldUntil } from '../../lib/phone-rules';
import { useNow } from '../../hooks/use-now';
import { TAG_COLORS } from './tag-colors';

interface PhoneTableProps {
  phones: readonly UserPhone[];
  loading?: boolean;
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** One phone (radio buttons) rather than several (checkboxes). */
  single?: boolean;
  /** Why a phone cannot be chosen here, if it cannot: shown on its row, which cannot be ticked. */
  unavailable?: (phone: UserPhone) => string | null;
  /** Rows per page. */
  pageSize?: number;
}

/**
 * The desktop's one table for choosing phones (the desktop face of `components/phones/PhonePicker`):
 * search by name, sort by name or time left, tick one or many, and see why a phone cannot be ticked.
 */
export function PhoneTable({
  phones,
  loading,
  selected,
  onSelect,
  single = false,
  unavailable,
  pageSize = 8,
}: PhoneTableProps) {
  const { t } = useTranslation();
  const now = useNow();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? phones.filter((p) => p.name.toLowerCase().includes(k)) : phones;
  }, [phones, keyword]);
  const columns: ColumnsType<UserPhone> = [
    {
      title: t('desktop.phoneTable.name'),
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string, phone) => (
        <>
          {name} {phone.trial && <Tag color="gold">{t('phones.trial')}</Tag>}
          {phone.beAuthorized && <Tag color="purple">{t('desktop.phoneTable.beAuthorized')}</Tag>}
        </>
      ),
    },
    { title: 'ID', dataIndex: 'userPhoneId', width: 90, sorter: (a, b) => a.userPhoneId - b.userPhoneId },
    { title: t('desktop.phoneTable.group'), dataIndex: 'groupName' },
    {
      title: t('desktop.phoneTable.status'),
      dataIndex: 'status',
      render: (_: unknown, phone) => {
        const reason = unavailable?.(phone) ?? null;
        const tag = statusTag(phone.status, phone.expireTime, now);
        return reason ? (
          <Tooltip title={reason}>
            <Tag>{reason}</Tag>
          </Tooltip>
        ) : (
          <Tag color={TAG_COLORS[tag.color]}>{t(`phones.status.${tag.label}`)}</Tag>
        );
      },
    },
    {
      title: t('desktop.phoneTable.remaining'),
      dataIndex: 'expireTime',
      defaultSortOrder: undefined,
      // A granted phone's time left is the grant's.
      sorter: (a, b) => heldUntil(a) - heldUntil(b),
      render: (_: number, phone) => formatRemainingTime(remainingTime(heldUntil(phone), now), t),
    },
  ];
  return (
    <div className="cp-desk-phone-table">
      <Input.Search
        allowClear
        placeholder={t('phones.searchPlaceholder')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ width: 240, marginBottom: 8 }}
      />
      <Table<UserPhone>
        size="small"
        rowKey="userPhoneId"
        loading={loading}
        columns={columns}
        dataSource={shown as UserPhone[]}
        pagination={{ pageSize, hideOnSinglePage: true, showSizeChanger: false }}
        rowSelection={{
          type: single ? 'radio' : 'checkbox',
          selectedRowKeys: [...selected],
          onChange: (keys) => onSelect(keys.map(Number)),
          getCheckboxProps: (phone) => ({
            disabled: (unavailable?.(phone) ?? null) !== null,
            'aria-label': phone.name,
          }),
        }}
        onRow={(phone) => ({
          'data-testid': 'desk-phone-row',
          onClick: () => {
            if (unavailable?.(phone)) return;
            const on = selected.includes(phone.userPhoneId);
            if (single) onSelect([phone.userPhoneId]);
            else onSelect(on ? selected.filter((id) => id !== phone.userPhoneId) : [...selected, phone.userPhoneId]);
          },
        })}
      />
    </div>
  );
}
