import { Descriptions, Progress, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CloneRecord } from '@cloudphone/contracts/templates';
import { useCloneRecords } from '../../../../features/templates/api/templates';
import { CLONE_STATE_COLOR } from '../../../../features/templates/lib/state-colors';
import { cloneProgress } from '../../../../features/templates/hooks/use-clone';
import { TAG_COLORS } from '../../../components/tag-colors';
import { stateColumn, textColumn, timeColumn } from '../record-columns';
import { RecordTable, useInfiniteRecords } from '../RecordTable';
import { CloneTargetsTable } from './CloneTargetsTable';

/** Clone records (spec §2 desktop "clone device with templates and records"): template, phones, time, result. */
export function CloneRecords() {
  const { t } = useTranslation();
  const source = useInfiniteRecords(useCloneRecords());
  const state = (record: CloneRecord) =>
    record.state === 'cloning' ? (
      <Progress percent={Math.round(cloneProgress(record.targets))} size="small" status="active" />
    ) : (
      <Tag color={TAG_COLORS[CLONE_STATE_COLOR[record.state]]}>{t(`templates.cloneState.${record.state}`)}</Tag>
    );
  const newMachine = (record: CloneRecord) => t(record.newMachine ? 'desktop.work.yes' : 'desktop.work.no');
  const columns: ColumnsType<CloneRecord> = [
    textColumn(t('desktop.work.columns.template'), (r) => r.templateName),
    textColumn(t('desktop.work.columns.phones'), (r) => r.targets.map((x) => x.phoneName).join(', ')),
    { ...stateColumn(t('desktop.work.columns.state'), (r) => r.state, state), width: 200 },
    { title: t('templates.clonePage.newMachine'), key: 'newMachine', width: 130, render: (_, r) => newMachine(r) },
    timeColumn(t('desktop.work.columns.time'), (r) => r.createTime),
  ];
  return (
    <RecordTable<CloneRecord>
      {...source}
      rowKey="cloneId"
      columns={columns}
      emptyText={t('templates.records.empty')}
      rowData={(record) => ({ 'data-testid': 'clone-record', 'data-state': record.state })}
      details={{
        title: (record) => record.templateName,
        body: (record) => (
          <>
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('desktop.work.columns.state')}>{state(record)}</Descriptions.Item>
              <Descriptions.Item label={t('templates.clonePage.newMachine')}>{newMachine(record)}</Descriptions.Item>
            </Descriptions>
            <CloneTargetsTable targets={record.targets} />
          </>
        ),
      }}
    />
  );
}
