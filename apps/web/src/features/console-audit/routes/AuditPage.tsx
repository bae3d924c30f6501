import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as audit from '@cloudphone/contracts/endpoints/admin/audit';
import { AUDIT_ACTIONS, type AuditAction, type OperatorRole } from '@cloudphone/contracts/operators';
import { SectionCard } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
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
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const list = useQuery({
    queryKey: ['console', 'audit', filter, page],
    queryFn: () => call(audit.list, { query: { ...filter, ...page } }),
    placeholderData: keepPreviousData,
  });
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
          setFilter({
            action: next.action,
            actorName: next.actorName?.trim() || undefined,
            from: next.range?.[0].valueOf(),
            to: next.range?.[1].valueOf(),
          });
          setPage((p) => ({ ...p, pageNo: 1 }));
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
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (count) => t('common.total', { count }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          pageSizeOptions: [20, 50],
        }}
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
