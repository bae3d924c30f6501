import { useState } from 'react';
import { Button, ProgressBar, Selector, Switch } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
// One phone picker for every page that chooses phones (STYLE: shared phone pieces, not copies).
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useSelection } from '../../../hooks/use-selection';
import { idsParam } from '../../../lib/ids-param';
import { useCloneRecord, useTemplateLiveUpdates, useTemplates } from '../api/templates';
import { CloneTargets } from '../components/CloneTargets';
import { cloneProgress, useClonePhones, useStartClone } from '../hooks/use-clone';
import '../../../components/page-with-footer.css';
import '../templates.css';

/**
 * Clone a template onto phones (spec §1): choose a ready template and the user's phones of its
 * Android version, then follow each phone's progress and result. Opened with `templateId` from the
 * template list, or `userPhoneIds` from batch operation.
 */
export default function ClonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const templates = useTemplates();
  useTemplateLiveUpdates();
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const [templateId, setTemplateId] = useState<number | null>(Number(params.get('templateId')) || null);
  const ready = templates.data?.list.filter((x) => x.state === 'ready') ?? [];
  const template = ready.find((x) => x.templateId === templateId) ?? null;
  const { phones, own, unavailable, ready: phonesReady } = useClonePhones(template);
  const [newMachine, setNewMachine] = useState(false);
  const [cloneId, setCloneId] = useState<number | null>(null);
  const record = useCloneRecord(cloneId);
  const startClone = useStartClone(confirmAction);

  if (cloneId !== null) {
    const done = record !== undefined && record.state !== 'cloning';
    const percent = cloneProgress(record?.targets ?? []);
    return (
      <div className="cp-groups-page">
        <div className="cp-groups-page__body">
          <div className="cp-clone-progress" role="status" aria-live="polite">
            <ProgressBar percent={percent} />
            <span>{record ? t(`templates.cloneState.${record.state}`) : t('common.loading')}</span>
          </div>
          {record && <CloneTargets targets={record.targets} />}
        </div>
        <div className="cp-groups-page__footer cp-groups-page__footer--row">
          <Button onClick={() => void navigate(pathFor('cloneRecords', clientNo))}>{t('routes.cloneRecords')}</Button>
          <Button color="primary" disabled={!done} onClick={() => void navigate(pathFor('templates', clientNo))}>
            {t('routes.templates')}
          </Button>
        </div>
      </div>
    );
  }

  if (templates.isPending || phones.isPending) return <PageLoading />;
  if (templates.isError)
    return <PageError message={templates.error.message} onRetry={() => void templates.refetch()} />;
  if (phones.isError) return <PageError message={phones.error.message} onRetry={() => void phones.refetch()} />;
  if (ready.length === 0) return <PageEmpty description={t('templates.clonePage.noTemplates')} />;
  const chosen = own.filter((p) => selection.selected.has(p.userPhoneId) && !unavailable(p));

  const start = async () => {
    if (!template) return;
    const started = await startClone(
      template,
      chosen.map((p) => p.userPhoneId),
      newMachine,
    );
    if (started !== null) setCloneId(started);
  };

  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body">
        <h3 className="cp-section-title">{t('templates.clonePage.template')}</h3>
        <Selector
          className="cp-clone-templates"
          columns={2}
          options={ready.map((x) => ({
            label: x.name,
            description: `Android ${x.android}`,
            value: x.templateId,
          }))}
          value={template ? [template.templateId] : []}
          onChange={(value) => setTemplateId(value[0] ?? null)}
        />
        <div className="cp-clone-new-machine">
          <span>{t('templates.clonePage.newMachine')}</span>
          <Switch checked={newMachine} onChange={setNewMachine} aria-label={t('templates.clonePage.newMachine')} />
        </div>
        <h3 className="cp-section-title cp-section-title--padded">{t('templates.clonePage.phones')}</h3>
        {template ? (
          <PhonePicker
            phones={own}
            selected={selection.selected}
            onToggle={selection.toggle}
            unavailable={unavailable}
            onToggleAll={(all) =>
              selection.replace(all ? own.filter((p) => !unavailable(p)).map((p) => p.userPhoneId) : [])
            }
          />
        ) : (
          <p className="cp-clone-hint">{t('templates.clonePage.pickTemplate')}</p>
        )}
      </div>
      <div className="cp-groups-page__footer">
        <Button
          block
          color="primary"
          disabled={!template || chosen.length === 0 || !phonesReady}
          onClick={() => void start().catch(() => undefined)}
        >
          {t('templates.clonePage.submit', { count: chosen.length })}
        </Button>
      </div>
    </div>
  );
}
