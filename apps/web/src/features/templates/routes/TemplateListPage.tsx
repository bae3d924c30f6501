import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Template } from '@cloudphone/contracts/templates';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useEnabledFunctions } from '../../../hooks/use-enabled-functions';
// One phone list for every page that chooses phones (STYLE: shared phone pieces, not copies).
import { useAllPhones } from '../../../lib/phone-pages';
import { idsParam } from '../../../lib/ids-param';
import { useTemplateLiveUpdates, useTemplates } from '../api/templates';
import { useTemplateActions } from '../hooks/use-template-actions';
import { MakeTemplatePopup } from '../components/MakeTemplatePopup';
import { TemplateCard } from '../components/TemplateCard';
import '../../../components/page-with-footer.css';
import '../templates.css';
import { holdsFor } from '../../../lib/phone-rules';

/**
 * Clone templates (spec §1, §3): each with its state, progress while it is made, size, creation time
 * and days until expiry; make one of a phone, clone a ready one onto phones, delete one. Opened with
 * `userPhoneIds` (from the phone view or batch operation), it starts making a template of that phone.
 */
export default function TemplateListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const functions = useEnabledFunctions();
  const [params, setParams] = useSearchParams();
  const templates = useTemplates();
  useTemplateLiveUpdates();
  const phones = useAllPhones();
  const actions = useTemplateActions(confirmAction);
  // Sent with one phone (its tools, or batch operation), the page starts a template of it.
  const sent = idsParam(params.get('userPhoneIds'));
  const asked = sent.length === 1 ? sent[0]! : null;
  const [making, setMaking] = useState(sent.length > 0);
  const own = phones.phones.filter((p) => holdsFor(p, 'template'));
  const canMake = functions.has('template_button');

  const close = () => {
    setMaking(false);
    if (params.has('userPhoneIds')) setParams({}, { replace: true });
  };
  const make = async (userPhoneId: number, name: string) => {
    await actions.make(userPhoneId, name);
    close();
  };
  const cloneFrom = functions.has('clone_button')
    ? (template: Template) => void navigate(pathFor('clone', clientNo, `?templateId=${template.templateId}`))
    : undefined;

  let body;
  if (templates.isPending) body = <PageLoading />;
  else if (templates.isError)
    body = <PageError message={templates.error.message} onRetry={() => void templates.refetch()} />;
  else if (templates.data.list.length === 0) body = <PageEmpty description={t('templates.empty')} />;
  else
    body = templates.data.list.map((template) => (
      <TemplateCard
        key={template.templateId}
        template={template}
        onClone={cloneFrom}
        onDelete={(x) => void actions.remove(x).catch(() => undefined)}
      />
    ));

  return (
    <div className="cp-groups-page">
      <div className="cp-groups-page__body cp-templates">{body}</div>
      <div className="cp-groups-page__footer cp-groups-page__footer--row">
        {functions.has('clone_button') && (
          <Button onClick={() => void navigate(pathFor('cloneRecords', clientNo))}>{t('routes.cloneRecords')}</Button>
        )}
        {canMake && (
          <Button color="primary" disabled={!phones.complete || own.length === 0} onClick={() => setMaking(true)}>
            {t('templates.make.title')}
          </Button>
        )}
      </div>
      {making && canMake && phones.complete && (
        <MakeTemplatePopup phones={own} initialPhoneId={asked} onSubmit={make} onClose={close} />
      )}
    </div>
  );
}
