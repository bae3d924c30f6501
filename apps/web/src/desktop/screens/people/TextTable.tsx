import { useState } from 'react';
import { Button, Input, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy-text';
import { notify } from '../../../stores/notifications';
import { BatchBar } from './BatchBar';
import { tablePaging } from './table-paging';
import { useConfirm } from '../../components/use-confirm';

interface TextRow {
  key: string;
  text: string;
}

interface TextTableProps {
  testId: string;
  rows: readonly TextRow[];
  emptyText: string;
  addLabel: string;
  placeholder: string;
  maxLength: number;
  /** Saves a new text (`key` null) or an edited one; false keeps the dialog open (the rule said why). */
  onSave: (key: string | null, text: string) => boolean;
  /** Whether a row can be edited (phrases), or only added and deleted (kept clipboard texts). */
  editable?: boolean;
  /** The question before deleting one row. */
  removeConfirm: string;
  onRemove: (keys: string[]) => void;
  onSend: (text: string) => void;
}

/** A text being added (key null) or edited. */
type Draft = { key: string | null; text: string };

/**
 * Kept texts as a table (the clipboard screen's saved texts and common phrases): search, sort, add,
 * edit, copy to this computer, send to a phone, and delete one or several, asked first.
 */
export function TextTable({
  testId,
  rows,
  emptyText,
  addLabel,
  placeholder,
  maxLength,
  onSave,
  editable = false,
  removeConfirm,
  onRemove,
  onSend,
}: TextTableProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown = keyword.trim() ? rows.filter((r) => r.text.includes(keyword.trim())) : rows;
  const chosen = selected.filter((key) => rows.some((r) => r.key === key));

  const copy = async (text: string) => {
    if (await copyText(text)) notify(t('desktop.people.clipboard.copied'), 'success');
  };
  const remove = async (keys: string[]) => {
    const question =
      keys.length === 1 ? removeConfirm : t('desktop.people.clipboard.removeManyConfirm', { count: keys.length });
    if (!(await confirm({ content: question, danger: true }))) return;
    onRemove(keys);
    setSelected((now) => now.filter((key) => !keys.includes(key)));
  };
  const save = () => {
    if (draft && onSave(draft.key, draft.text)) setDraft(null);
  };

  const columns: ColumnsType<TextRow> = [
    {
      title: t('desktop.people.clipboard.text'),
      dataIndex: 'text',
      sorter: (a, b) => a.text.localeCompare(b.text),
      render: (text: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ marginBottom: 0 }}>
          {text}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('desktop.people.actions'),
      key: 'actions',
      width: 340,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" data-testid="desk-text-send" onClick={() => onSend(row.text)}>
            {t('desktop.people.clipboard.toPhone')}
          </Button>
          <Button type="link" size="small" data-testid="desk-text-copy" onClick={() => void copy(row.text)}>
            {t('desktop.people.clipboard.copy')}
          </Button>
          {editable && (
            <Button
              type="link"
              size="small"
              data-testid="desk-text-edit"
              onClick={() => setDraft({ key: row.key, text: row.text })}
            >
              {t('phoneView.phrases.edit')}
            </Button>
          )}
          <Button type="link" size="small" danger data-testid="desk-text-remove" onClick={() => void remove([row.key])}>
            {t('phoneView.phrases.remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={testId}>
      <BatchBar
        danger
        label={t('desktop.people.clipboard.removeSelected', { count: chosen.length })}
        count={chosen.length}
        testId="desk-text-remove-selected"
        onRun={() => void remove(chosen)}
        before={
          <Button type="primary" data-testid="desk-text-add" onClick={() => setDraft({ key: null, text: '' })}>
            {addLabel}
          </Button>
        }
        after={
          <Input.Search
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('desktop.people.clipboard.search')}
            style={{ width: 240 }}
          />
        }
      />
      <Table<TextRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={shown as TextRow[]}
        locale={{ emptyText }}
        pagination={tablePaging(t)}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setSelected(keys.map(String)) }}
      />
      <Modal
        open={draft !== null}
        title={draft?.key ? t('phoneView.phrases.edit') : addLabel}
        onOk={save}
        onCancel={() => setDraft(null)}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'desk-text-save' }}
      >
        <Input.TextArea
          autoFocus
          value={draft?.text ?? ''}
          onChange={(e) => setDraft((d) => d && { ...d, text: e.target.value })}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={maxLength}
          autoSize={{ minRows: 3, maxRows: 10 }}
          data-testid="desk-text-input"
        />
      </Modal>
    </div>
  );
}
