import { Button, ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Template } from '@cloudphone/contracts/templates';
import { formatDateTime } from '../../../lib/format-time';
import { formatSize } from '../../../lib/format-size';
import { Name } from '../../../components/Name';
import { TEMPLATE_STATE_COLOR } from '../lib/state-colors';

interface TemplateCardProps {
  template: Template;
  /** Offered when the client's clone function is on and the template is ready. */
  onClone?: (template: Template) => void;
  onDelete: (template: Template) => void;
}

/** One template (spec §3): name, state, progress while it is made, size, creation time and days until expiry. */
export function TemplateCard({ template, onClone, onDelete }: TemplateCardProps) {
  const { t } = useTranslation();
  const { state } = template;
  return (
    <article className="cp-template" data-testid="template" aria-label={template.name}>
      <header className="cp-template__head">
        <Name className="cp-template__name" value={template.name} />
        <Tag color={TEMPLATE_STATE_COLOR[state]} fill="outline">
          {t(`templates.state.${state}`)}
        </Tag>
      </header>
      {state === 'creating' && (
        <ProgressBar percent={template.progress} text={`${template.progress}%`} className="cp-template__progress" />
      )}
      <dl className="cp-template__facts">
        <dt>{t('templates.size')}</dt>
        <dd>{state === 'ready' ? formatSize(template.size) : '—'}</dd>
        <dt>{t('templates.source')}</dt>
        <dd>
          {template.phoneName} · Android {template.android}
        </dd>
        <dt>{t('templates.created')}</dt>
        <dd>{formatDateTime(template.createTime)}</dd>
        {(state === 'creating' || state === 'ready') && (
          <>
            <dt>{t('templates.expiry')}</dt>
            <dd>{t('templates.daysLeft', { count: template.daysLeft })}</dd>
          </>
        )}
      </dl>
      <div className="cp-template__actions">
        {state === 'ready' && onClone && (
          <Button size="small" color="primary" onClick={() => onClone(template)}>
            {t('templates.clone')}
          </Button>
        )}
        {state !== 'deleting' && (
          <Button size="small" color="danger" fill="outline" onClick={() => onDelete(template)}>
            {t('templates.delete')}
          </Button>
        )}
      </div>
    </article>
  );
}
