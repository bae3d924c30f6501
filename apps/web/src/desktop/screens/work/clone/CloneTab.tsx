import { useState } from 'react';
import { Alert, Button, Card, Form, Progress, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCloneRecord, useTemplates } from '../../../../features/templates/api/templates';
import { cloneProgress, useClonePhones, useStartClone } from '../../../../features/templates/hooks/use-clone';
import { PhoneTable } from '../../../components/PhoneTable';
import { QueryState } from '../../../components/Screen';
import { useConfirm } from '../../../components/use-confirm';
import { CloneTargetsTable } from './CloneTargetsTable';

interface CloneTabProps {
  templateId: number | null;
  onTemplate: (templateId: number | null) => void;
  onRecords: () => void;
}

/**
 * Clone a template onto phones (spec §1): a ready template, the user's phones of its Android
 * version, then each phone's progress and result.
 */
export function CloneTab({ templateId, onTemplate, onRecords }: CloneTabProps) {
  const { t } = useTranslation();
  const templates = useTemplates();
  const ready = templates.data?.list.filter((x) => x.state === 'ready') ?? [];
  const template = ready.find((x) => x.templateId === templateId) ?? null;
  const { phones, own, unavailable, ready: phonesReady } = useClonePhones(template);
  const startClone = useStartClone(useConfirm());
  const [selected, setSelected] = useState<number[]>([]);
  const [newMachine, setNewMachine] = useState(false);
  const [cloneId, setCloneId] = useState<number | null>(null);
  const chosen = own.filter((p) => selected.includes(p.userPhoneId) && !unavailable(p)).map((p) => p.userPhoneId);

  const start = async () => {
    if (!template) return;
    const started = await startClone(template, chosen, newMachine);
    if (started === null) return;
    setCloneId(started);
    setSelected([]);
  };

  if (cloneId !== null)
    return <CloneProgress cloneId={cloneId} onAgain={() => setCloneId(null)} onRecords={onRecords} />;
  return (
    <QueryState query={templates} empty={ready.length === 0} emptyText={t('templates.clonePage.noTemplates')}>
      <Form layout="vertical">
        <Form.Item label={t('templates.clonePage.template')}>
          <Select<number>
            style={{ maxWidth: 420 }}
            value={template?.templateId}
            onChange={(id) => onTemplate(id)}
            placeholder={t('templates.clonePage.pickTemplate')}
            options={ready.map((x) => ({ value: x.templateId, label: `${x.name} · Android ${x.android}` }))}
            data-testid="clone-template"
          />
        </Form.Item>
        <Form.Item label={t('templates.clonePage.newMachine')}>
          <Switch checked={newMachine} onChange={setNewMachine} aria-label={t('templates.clonePage.newMachine')} />
        </Form.Item>
        <Form.Item label={t('templates.clonePage.phones')}>
          {template ? (
            <QueryState query={phones}>
              <PhoneTable
                phones={own}
                loading={!phonesReady}
                selected={selected}
                onSelect={setSelected}
                unavailable={unavailable}
              />
            </QueryState>
          ) : (
            <Alert type="info" title={t('templates.clonePage.pickTemplate')} />
          )}
        </Form.Item>
        <Button
          type="primary"
          danger
          disabled={!template || chosen.length === 0 || !phonesReady}
          data-testid="clone-submit"
          onClick={() => void start().catch(() => undefined)}
        >
          {t('templates.clonePage.submit', { count: chosen.length })}
        </Button>
      </Form>
    </QueryState>
  );
}

/** A clone as it goes: its whole progress, then each phone's. */
function CloneProgress({
  cloneId,
  onAgain,
  onRecords,
}: {
  cloneId: number;
  onAgain: () => void;
  onRecords: () => void;
}) {
  const { t } = useTranslation();
  const record = useCloneRecord(cloneId);
  const done = record !== undefined && record.state !== 'cloning';
  return (
    <Card
      size="small"
      title={record?.templateName}
      extra={
        <Space>
          <Button onClick={onRecords}>{t('routes.cloneRecords')}</Button>
          <Button type="primary" disabled={!done} onClick={onAgain}>
            {t('desktop.work.clone.again')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div role="status" aria-live="polite" data-testid="clone-progress" data-state={record?.state ?? 'cloning'}>
          <Progress percent={Math.round(cloneProgress(record?.targets ?? []))} status={done ? undefined : 'active'} />
          <Typography.Text>{record ? t(`templates.cloneState.${record.state}`) : t('common.loading')}</Typography.Text>
        </div>
        {record && <CloneTargetsTable targets={record.targets} />}
      </Space>
    </Card>
  );
}
