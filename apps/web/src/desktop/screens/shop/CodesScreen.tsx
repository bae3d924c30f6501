import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { CodeRecord } from '@cloudphone/contracts/promotion';
import { currentLanguage } from '../../../lib/i18n/index';
import { useOwnPhones } from '../../../lib/my-phones';
import { useCodeRecordPage } from '../../../features/commerce/api/activation-codes';
import {
  ACTIVATION_PROGRESS_COLOR,
  activationRefusal,
  type ActivationProgress,
} from '../../../features/commerce/lib/activation-state';
import { phoneIdsParam } from '../../../features/commerce/lib/phone-param';
import { useCodeActivation, useCodeInput } from '../../../features/commerce/hooks/use-code-activation';
import {
  clearSettled,
  removeCode,
  type CodeEntry,
  type CodeUsage,
} from '../../../features/commerce/stores/activation-codes';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState, Screen } from '../../components/Screen';
import { TAG_COLORS } from '../../components/tag-colors';
import { codeColumn, numberColumn, timeColumn } from './columns';
import './shop.css';

type CodesTab = CodeUsage | 'records';

/** A table row's hooks for tests: antd types a row's props as HTML attributes, which list no `data-*`. */
const testRow = (data: Record<`data-${string}`, string>) => data as HTMLAttributes<HTMLElement>;
const RECORDS_PER_PAGE = 20;

/**
 * Activation codes (spec §1, §4, §5): purchase codes make new phones, renewal codes renew a chosen
 * phone (`?tab=renew&userPhoneId=` chooses it), and the record of the codes used.
 */
export default function CodesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: CodesTab = asked === 'renew' || asked === 'records' ? asked : 'buy';
  const show = (next: string) => {
    const search = new URLSearchParams(params);
    search.set('tab', next);
    setParams(search, { replace: true });
  };

  return (
    <Screen title={t('desktop.menu.codes')}>
      <Tabs
        activeKey={tab}
        onChange={show}
        destroyOnHidden
        items={[
          { key: 'buy', label: t('commerce.codes.purchase'), children: <CodeActivation usage="buy" /> },
          { key: 'renew', label: t('commerce.codes.renewal'), children: <CodeActivation usage="renew" /> },
          { key: 'records', label: t('routes.codeRecord'), children: <CodeRecords /> },
        ]}
      />
    </Screen>
  );
}

/** Adding codes, activating them, and what each came to. */
function CodeActivation({ usage }: { usage: CodeUsage }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [params] = useSearchParams();
  const phones = useOwnPhones();
  const [phoneId, setPhoneId] = useState<number | null>(() => phoneIdsParam(params)[0] ?? null);
  const { entries, waiting, needsPhone, busy, activate } = useCodeActivation(usage, phoneId);
  const input = useCodeInput(usage);

  // spec §5: clearing asks first.
  const clear = () => modal.confirm({ title: t('commerce.codes.clearConfirm'), onOk: () => clearSettled(usage) });

  const columns: ColumnsType<CodeEntry> = [
    codeColumn(t('desktop.shop.codes.code'), 'code'),
    {
      title: t('desktop.shop.codes.state'),
      dataIndex: 'state',
      render: (_: unknown, entry) => {
        const refusal = activationRefusal(entry.state);
        if (refusal) return <Typography.Text type="danger">{errorMessage(refusal, currentLanguage())}</Typography.Text>;
        const progress = entry.state as ActivationProgress;
        return (
          <Tag color={TAG_COLORS[ACTIVATION_PROGRESS_COLOR[progress]]}>{t(`commerce.codes.state.${progress}`)}</Tag>
        );
      },
    },
    {
      title: t('desktop.shop.actions'),
      key: 'actions',
      render: (_: unknown, entry) =>
        entry.state === 'waiting' && (
          <Button size="small" type="link" onClick={() => removeCode(usage, entry.code)}>
            {t('commerce.codes.remove')}
          </Button>
        ),
    },
  ];

  return (
    <div className="cp-desk-shop">
      {usage === 'renew' && (
        <Card size="small" title={t('commerce.codes.phone')}>
          <QueryState query={phones} empty={phones.data?.length === 0} emptyText={t('commerce.renew.noPhones')}>
            <PhoneTable
              single
              phones={phones.data ?? []}
              selected={phoneId === null ? [] : [phoneId]}
              onSelect={(ids) => setPhoneId(ids[0] ?? null)}
            />
          </QueryState>
        </Card>
      )}
      <Card size="small" title={t('routes.addCode')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            rows={4}
            value={input.input}
            onChange={(e) => input.setInput(e.target.value)}
            placeholder={t('commerce.codes.placeholder')}
            aria-label={t('commerce.codes.placeholder')}
          />
          <Typography.Text type="secondary" role="status" data-testid="desk-code-count">
            {t('commerce.codes.parsed', {
              count: input.preview.codes.length,
              duplicates: input.preview.duplicateCount,
            })}
          </Typography.Text>
          {input.malformed > 0 && (
            <Alert
              type="error"
              showIcon
              title={`${errorMessage('activationCodeInvalid', currentLanguage())} (${input.malformed})`}
            />
          )}
          <Button disabled={input.preview.codes.length === 0} onClick={input.add}>
            {t('commerce.codes.add', { count: input.preview.codes.length })}
          </Button>
        </Space>
      </Card>
      <Card
        size="small"
        title={t('commerce.codes.title', { count: entries.length })}
        extra={
          entries.length > waiting.length && (
            <Button size="small" onClick={clear}>
              {t('commerce.codes.clear')}
            </Button>
          )
        }
      >
        <Table<CodeEntry>
          size="small"
          rowKey="code"
          columns={columns}
          dataSource={entries}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('commerce.codes.empty') }}
          onRow={(entry) => testRow({ 'data-testid': 'desk-activation-code', 'data-state': entry.state })}
        />
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          data-testid="desk-activate-codes"
          disabled={waiting.length === 0 || needsPhone}
          loading={busy}
          onClick={() => void activate()}
        >
          {needsPhone ? t('commerce.codes.choosePhone') : t('commerce.codes.activate', { count: waiting.length })}
        </Button>
      </Card>
    </div>
  );
}

/** The codes this user used (spec §3 "use record"): what each bought or renewed, and when. */
function CodeRecords() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const records = useCodeRecordPage(pageNo, RECORDS_PER_PAGE);
  const columns: ColumnsType<CodeRecord> = [
    codeColumn(t('desktop.shop.codes.code'), 'code'),
    {
      title: t('commerce.order.sku'),
      dataIndex: 'usage',
      render: (_: unknown, r) => t(`commerce.codes.usage.${r.usage}`),
    },
    { title: t('commerce.order.package'), dataIndex: 'packageName' },
    numberColumn(t('commerce.checkout.duration'), 'durationDays', (days) => t('commerce.days', { count: days })),
    { title: t('desktop.shop.codes.phones'), key: 'phones', render: (_: unknown, r) => r.userPhoneIds.join(', ') },
    timeColumn(t('desktop.shop.codes.usedTime'), 'usedTime'),
  ];
  return (
    <QueryState query={records}>
      <Table<CodeRecord>
        size="small"
        rowKey="code"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        locale={{ emptyText: t('commerce.codes.noRecords') }}
        pagination={{
          current: pageNo,
          pageSize: RECORDS_PER_PAGE,
          total: records.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('desktop.shop.total', { count }),
          onChange: setPageNo,
        }}
        onRow={(record) => testRow({ 'data-testid': 'desk-code-record', 'data-code': record.code })}
      />
    </QueryState>
  );
}
