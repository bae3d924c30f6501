import { useState } from 'react';
import { Button, Progress, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Template } from '@cloudphone/contracts/templates';
import { useTemplates } from '../../../../features/templates/api/templates';
import { TEMPLATE_STATE_COLOR } from '../../../../features/templates/lib/state-colors';
import { useTemplateActions } from '../../../../features/templates/hooks/use-template-actions';
import { useEnabledFunctions } from '../../../../hooks/use-enabled-functions';
import { formatSize } from '../../../../lib/format-size';
import { useAllPhones } from '../../../../lib/phone-pages';
import { TAG_COLORS } from '../../../components/tag-colors';
import { stateColumn, textColumn, timeColumn } from '../record-columns';
import { RecordTable } from '../RecordTable';
import { useConfirm } from '../../../components/use-confirm';
import { MakeTemplateModal } from './MakeTemplateModal';
import { holdsFor } from '../../../../lib/phone-rules';

/**
 * The user's templates (spec §1, §3): state, progress while made, size, source, creation time and
 * days until expiry; make one of a phone and delete one (the template function), clone a ready one.
 */
export function TemplatesTab({ onClone }: { onClone: (template: Template) => void }) {
  const { t } = useTranslation();
  const templates = useTemplates();
  const phones = useAllPhones();
  const actions = useTemplateActions(useConfirm());
  const canMake = useEnabledFunctions().has('template_button');
  const [making, setMaking] = useState(false);
  const own = phones.phones.filter((p) => holdsFor(p, 'template'));

  const columns: ColumnsType<Template> = [
    textColumn(t('desktop.work.columns.template'), (x) => x.name),
    {
      ...stateColumn(
        t('desktop.work.columns.state'),
        (x) => x.state,
        (x) =>
          x.state === 'creating' ? (
            <Progress percent={x.progress} size="small" status="active" />
          ) : (
            <Tag color={TAG_COLORS[TEMPLATE_STATE_COLOR[x.state]]}>{t(`templates.state.${x.state}`)}</Tag>
          ),
      ),
      width: 200,
    },
    {
      title: t('templates.size'),
      dataIndex: 'size',
      width: 100,
      sorter: (a, b) => a.size - b.size,
      render: (size: number, template) => (template.state === 'ready' ? formatSize(size) : '—'),
    },
    textColumn(t('templates.source'), (x) => `${x.phoneName} · Android ${x.android}`),
    timeColumn(t('templates.created'), (x) => x.createTime),
    {
      title: t('templates.expiry'),
      dataIndex: 'daysLeft',
      width: 110,
      sorter: (a, b) => a.daysLeft - b.daysLeft,
      render: (days: number, template) =>
        template.state === 'creating' || template.state === 'ready' ? t('templates.daysLeft', { count: days }) : '—',
    },
    {
      title: t('desktop.work.columns.actions'),
      key: 'actions',
      width: 140,
      render: (_, template) => (
        <Space size={0}>
          {template.state === 'ready' && (
            <Button size="small" type="link" onClick={() => onClone(template)}>
              {t('templates.clone')}
            </Button>
          )}
          {canMake && template.state !== 'deleting' && (
            <Button
              size="small"
              type="link"
              danger
              onClick={() => void actions.remove(template).catch(() => undefined)}
            >
              {t('templates.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="cp-desk-work">
      {canMake && (
        <div>
          <Button
            type="primary"
            disabled={!phones.complete || own.length === 0}
            data-testid="template-make"
            onClick={() => setMaking(true)}
          >
            {t('templates.make.title')}
          </Button>
        </div>
      )}
      <RecordTable<Template>
        rowKey="templateId"
        columns={columns}
        records={templates.data?.list}
        loading={templates.isPending}
        error={templates.error}
        refetch={templates.refetch}
        emptyText={<Typography.Text type="secondary">{t('templates.empty')}</Typography.Text>}
        rowData={(template) => ({ 'data-testid': 'template', 'data-state': template.state })}
      />
      {making && <MakeTemplateModal phones={own} onSubmit={actions.make} onClose={() => setMaking(false)} />}
    </div>
  );
}
