import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemplateLiveUpdates } from '../../../features/templates/api/templates';
import { CloneRecords } from './clone/CloneRecords';
import { CloneTab } from './clone/CloneTab';
import { TemplatesTab } from './clone/TemplatesTab';
import { TabbedScreen } from './TabbedScreen';

/**
 * Clone device with templates and records (spec §2 desktop list): the templates — make one of a
 * phone, delete one —, a template cloned onto phones with each phone's progress, and the records.
 */
export default function CloneScreen() {
  const { t } = useTranslation();
  useTemplateLiveUpdates();
  const [templateId, setTemplateId] = useState<number | null>(null);
  return (
    <TabbedScreen<'templates' | 'clone' | 'records'>
      title={t('desktop.menu.clone')}
      keep
      tabs={(go) => [
        {
          key: 'templates',
          label: t('routes.templates'),
          children: (
            <TemplatesTab
              onClone={(template) => {
                setTemplateId(template.templateId);
                go('clone');
              }}
            />
          ),
        },
        {
          key: 'clone',
          label: t('routes.clone'),
          children: <CloneTab templateId={templateId} onTemplate={setTemplateId} onRecords={() => go('records')} />,
        },
        { key: 'records', label: t('routes.cloneRecords'), children: <CloneRecords /> },
      ]}
    />
  );
}
