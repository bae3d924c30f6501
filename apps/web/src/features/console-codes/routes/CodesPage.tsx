import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import * as codes from '@cloudphone/contracts/endpoints/admin/codes';
import { SectionCard } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { useConsoleList } from '../../../hooks/use-console-list';
import { formatDateTime } from '../../../lib/format-time';
import { useOperatorMay } from '../../../stores/operator-session';
import { download } from '../lib/codes-csv';
import { GenerateCodesModal } from '../components/GenerateCodesModal';
import { useCodeWords, type AdminCode } from '../hooks/use-code-words';

const STATUS_COLOURS = { unused: 'green', used: 'blue', expired: 'default', voided: 'red' } as const;

interface Filter {
  batchNo?: string;
  code?: string;
}

/** Activation codes (issue 62): searched by batch or code, generated, voided, and a batch exported as CSV. */
export default function CodesPage() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('codes.write');
  const words = useCodeWords();
  const [selected, setSelected] = useState<string[]>([]);
  const [generating, setGenerating] = useState(false);
  const { filter, search, list, pagination } = useConsoleList<typeof codes.search, Filter>('codes', codes.search);
  const searchCodes = (next: Filter) => {
    search({ batchNo: next.batchNo?.trim() || undefined, code: next.code?.trim() || undefined });
    setSelected([]);
  };
  const exportBatch = async (batchNo: string) => {
    const batch = await call(codes.exportBatch, { query: { batchNo } });
    download(`codes-${batchNo}.csv`, words.csv(batch.list));
  };
  const voidCodes = useMutation({
    mutationFn: (which: { batchNo: string } | { codes: string[] }) => call(codes.voidCodes, { body: which }),
    onSuccess: async ({ voided }) => {
      void message.success(t('codes.voided', { count: voided }));
      setSelected([]);
      await queries.invalidateQueries({ queryKey: ['console', 'codes'] });
    },
  });
  const confirmed = (label: string, onConfirm: () => void, disabled = false) => (
    <Popconfirm
      title={t('codes.voidConfirm')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
      disabled={disabled}
    >
      <Button danger disabled={disabled} loading={voidCodes.isPending}>
        {label}
      </Button>
    </Popconfirm>
  );
  const batchTip = filter.batchNo ? '' : t('codes.batchFirst');
  return (
    <SectionCard
      title={t('codes.title')}
      extra={
        mayWrite && (
          <Button type="primary" disabled={words.packages.length === 0} onClick={() => setGenerating(true)}>
            {t('codes.generate')}
          </Button>
        )
      }
      failed={list.isError}
      onRetry={() => void list.refetch()}
    >
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Form<Filter> layout="inline" onFinish={searchCodes}>
          <Form.Item name="batchNo">
            <Input placeholder={t('codes.batch')} allowClear />
          </Form.Item>
          <Form.Item name="code">
            <Input placeholder={t('codes.code')} allowClear />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form>
        <Space wrap>
          <Tooltip title={batchTip}>
            <Button disabled={!filter.batchNo} onClick={() => void exportBatch(filter.batchNo!)}>
              {t('codes.exportBatch')}
            </Button>
          </Tooltip>
          {mayWrite && (
            <>
              {confirmed(t('codes.voidBatch'), () => voidCodes.mutate({ batchNo: filter.batchNo! }), !filter.batchNo)}
              {confirmed(
                t('codes.voidSelected', { count: selected.length }),
                () => voidCodes.mutate({ codes: selected }),
                selected.length === 0,
              )}
            </>
          )}
        </Space>
      </Space>
      <Table<AdminCode>
        rowKey="code"
        loading={list.isFetching}
        dataSource={list.data?.list}
        rowSelection={
          mayWrite
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (code) => ({ disabled: code.status !== 'unused' }),
              }
            : undefined
        }
        pagination={pagination}
        columns={[
          { title: t('codes.code'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
          {
            title: t('codes.batch'),
            dataIndex: 'batchNo',
            render: (batchNo: string) => (
              <Button type="link" size="small" onClick={() => searchCodes({ batchNo })}>
                {batchNo}
              </Button>
            ),
          },
          { title: t('codes.package'), render: (_, code) => words.describe(code).packageName },
          { title: t('codes.usage'), render: (_, code) => words.describe(code).usage },
          {
            title: t('codes.status'),
            render: (_, code) => <Tag color={STATUS_COLOURS[code.status]}>{words.describe(code).status}</Tag>,
          },
          { title: t('codes.validUntil'), render: (_, code) => formatDateTime(code.validUntil) },
          { title: t('codes.usedAt'), render: (_, code) => (code.usedAt ? formatDateTime(code.usedAt) : '—') },
        ]}
      />
      {generating && (
        <GenerateCodesModal
          packages={words.packages}
          onDownload={exportBatch}
          onClose={(batchNo) => {
            setGenerating(false);
            if (batchNo) searchCodes({ batchNo });
          }}
        />
      )}
    </SectionCard>
  );
}
