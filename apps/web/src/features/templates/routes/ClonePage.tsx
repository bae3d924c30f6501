import { useState } from 'react';
import { Button, ProgressBar, Selector, Switch } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PHONE_BUSY_KINDS, type UserPhone } from '@cloudphone/contracts/phones';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
// The route's function key gates the whole page, as it does the purchase pages (lib/routing/navigation.ts).
import { PurchaseGate } from '../../../components/PurchaseGate';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
// One phone picker for every page that chooses phones (STYLE: shared phone pieces, not copies).
import { useAllPhones } from '../../../lib/phone-pages';
import { PhonePicker } from '../../../components/phones/PhonePicker';
import { useSelection } from '../../../hooks/use-selection';
import { idsParam } from '../../../lib/ids-param';
import {
  cloneTemplate,
  useCloneRecord,
  usePhoneSystems,
  useRefreshTemplates,
  useTemplateLiveUpdates,
  useTemplates,
} from '../api/templates';
import { CloneTargets } from '../components/CloneTargets';
import '../../../components/page-with-footer.css';
import '../templates.css';
import { shortName } from '../../../components/Name';

const BUSY: readonly string[] = [...PHONE_BUSY_KINDS, 'expired'];

/**
 * Clone a template onto phones (spec §1): choose a ready template and the user's phones of its
 * Android version, then follow each phone's progress and result. Opened with `templateId` from the
 * template list, or `userPhoneIds` from batch operation.
 */
export default function ClonePage() {
  return (
    <PurchaseGate>
      <CloneView />
    </PurchaseGate>
  );
}

function CloneView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const templates = useTemplates();
  useTemplateLiveUpdates();
  const phones = useAllPhones();
  const own = phones.phones.filter((p) => !p.beAuthorized);
  const systems = usePhoneSystems(own.map((p) => p.userPhoneId));
  const selection = useSelection(idsParam(params.get('userPhoneIds')));
  const [templateId, setTemplateId] = useState<number | null>(Number(params.get('templateId')) || null);
  const [newMachine, setNewMachine] = useState(false);
  const [cloneId, setCloneId] = useState<number | null>(null);
  const record = useCloneRecord(cloneId);
  const refresh = useRefreshTemplates();

  if (cloneId !== null) {
    const done = record !== undefined && record.state !== 'cloning';
    // The whole clone's progress: each phone's, a phone that ended counting as done.
    const targets = record?.targets ?? [];
    const ended = (x: (typeof targets)[number]) => x.state === 'success' || x.state === 'failed';
    const percent = targets.reduce((sum, x) => sum + (ended(x) ? 100 : x.progress), 0) / Math.max(1, targets.length);
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
  const ready = templates.data.list.filter((x) => x.state === 'ready');
  if (ready.length === 0) return <PageEmpty description={t('templates.clonePage.noTemplates')} />;
  const template = ready.find((x) => x.templateId === templateId) ?? null;

  /** spec: a template of one Android version clones only onto phones of that version. */
  const unavailable = (phone: UserPhone): string | null => {
    if (BUSY.includes(phone.status)) return t(`phones.status.${phone.status as 'cloning'}`);
    const android = systems.data?.get(phone.userPhoneId);
    if (template && android && android !== template.android) return t('templates.clonePage.otherAndroid', { android });
    return null;
  };
  const chosen = own.filter((p) => selection.selected.has(p.userPhoneId) && !unavailable(p));

  const start = async () => {
    if (!template) return;
    const confirmed = await confirmAction({
      content: t('templates.clonePage.confirm', { count: chosen.length, name: shortName(template.name) }),
      confirmText: t('templates.clone'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      const reply = await cloneTemplate(
        template.templateId,
        chosen.map((p) => p.userPhoneId),
        newMachine,
      );
      setCloneId(reply.cloneId);
    } finally {
      await refresh();
    }
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
          disabled={!template || chosen.length === 0 || !phones.complete || systems.isPending}
          onClick={() => void start().catch(() => undefined)}
        >
          {t('templates.clonePage.submit', { count: chosen.length })}
        </Button>
      </div>
    </div>
  );
}
