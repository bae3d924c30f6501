import { CheckList, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cloudphone/contracts/locale';
import { PageError } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { session, useSession } from '../../../stores/session';
import { useDataSaver, useSetDataSaver } from '../api/data-saver';
import { choiceOfDataSaver, dataSaverChoices, dataSaverOfChoice } from '../lib/data-saver-choices';

/**
 * System settings: the language, Simplified Chinese or English (a signed-in user's account keeps it),
 * and for a signed-in user the mobile data saver (issue 58).
 */
export default function SystemSettingPage() {
  const { t, i18n } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  return (
    <>
      <List header={t('settings.language')}>
        <CheckList
          value={[i18n.language || currentLanguage()]}
          onChange={(value) => value[0] && void session.switchLanguage(value[0] as Language)}
        >
          <CheckList.Item value="zh-CN">{t('settings.languageZh')}</CheckList.Item>
          <CheckList.Item value="en-US">{t('settings.languageEn')}</CheckList.Item>
        </CheckList>
      </List>
      {signedIn && <DataSaverList />}
    </>
  );
}

function DataSaverList() {
  const { t } = useTranslation();
  const saver = useDataSaver();
  const keep = useSetDataSaver();
  const header = `${t('settings.dataSaver.title')}${saver.data?.tenantDefault ? ` · ${t('settings.dataSaver.tenantDefault')}` : ''}`;
  return (
    <List header={header} data-testid="data-saver">
      {saver.isPending && <List.Item>{t('common.loading')}</List.Item>}
      {saver.error && <PageError message={saver.error.message} onRetry={() => void saver.refetch()} />}
      {saver.data && (
        <CheckList
          value={[choiceOfDataSaver(saver.data.maxKbps)]}
          onChange={(value) => value[0] !== undefined && keep.mutate(dataSaverOfChoice(String(value[0])))}
        >
          {dataSaverChoices(t).map((choice) => (
            <CheckList.Item key={choice.value} value={choice.value} disabled={keep.isPending}>
              {choice.label}
            </CheckList.Item>
          ))}
        </CheckList>
      )}
      <List.Item description={t('settings.dataSaver.hint')} />
    </List>
  );
}
