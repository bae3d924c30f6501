import { Button, DatePicker, Form, Input, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as audit from '@cloudphone/contracts/endpoints/admin/audit';
import { AUDIT_ACTIONS, type AuditAction, type OperatorRole } from '@cloudphone/contracts/operators';
import { SectionCard } from '../../../components/console/SectionCard';
import { useConsoleList } from '../../../hooks/use-console-list';
import { formatDateTime } from '../../../lib/format-time';

type Entry = ReplyOf<typeof audit.list>['list'][number];

interface Filter {
  action?: string;
  actorName?: string;
  from?: number;
  to?: number;
}

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** Who did what (issue 62): every change by an operator or the admin CLI, with its before and after. */
export default function AuditPage() {
  const { t } = useTranslation('console');
  const { search, list, pagination } = useConsoleList<typeof audit.list, Filter>('audit', audit.list);
  const actionLabel = (action: string) =>
    (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`audit.actions.${action as AuditAction}`) : action;
  return (
    <SectionCard title={t('audit.title')} failed={list.isError} onRetry={() => void list.refetch()}>
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(next: {
          action?: string;
          actorName?: string;
          range?: [{ valueOf(): number }, { valueOf(): number }];
        }) => {
          search({
            action: next.action,
            actorName: next.actorName?.trim() || undefined,
            from: next.range?.[0].valueOf(),
            to: next.range?.[1].valueOf(),
          });
        }}
      >
        <Form.Item name="action">
          <Select
            placeholder={t('audit.action')}
            allowClear
            style={{ width: 180 }}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))}
          />
        </Form.Item>
        <Form.Item name="actorName">
          <Input placeholder={t('audit.actor')} allowClear />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<Entry>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={pagination}
        expandable={{
          expandedRowRender: (entry) => (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
              <div>
                <strong>{t('audit.before')}</strong>
                <pre className="cp-console-json">{json(entry.before)}</pre>
              </div>
              <div>
                <strong>{t('audit.after')}</strong>
                <pre className="cp-console-json">{json(entry.after)}</pre>
              </div>
            </div>
          ),
        }}
        columns={[
          { title: t('audit.at'), render: (_, entry) => formatDateTime(entry.at) },
          {
            title: t('audit.actor'),
            render: (_, entry) => (
              <>
                {entry.actorName} {entry.actorKind === 'cli' && <Tag>{t('audit.cli')}</Tag>}
              </>
            ),
          },
          {
            title: t('audit.role'),
            render: (_, entry) => (entry.role === 'cli' ? '—' : t(`roles.${entry.role as OperatorRole}`)),
          },
          { title: t('audit.action'), render: (_, entry) => actionLabel(entry.action) },
          { title: t('audit.target'), render: (_, entry) => `${entry.targetType} ${entry.targetId}` },
          { title: t('audit.address'), dataIndex: 'address' },
        ]}
      />
    </SectionCard>
  );
}
