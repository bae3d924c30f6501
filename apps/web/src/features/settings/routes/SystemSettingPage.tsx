import { CheckList, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cloudphone/contracts/locale';
import { currentLanguage } from '../../../lib/i18n/index';
import { session } from '../../../stores/session';

/** System settings: the language, Simplified Chinese or English; a signed-in user's account keeps it. */
export default function SystemSettingPage() {
  const { t, i18n } = useTranslation();
  return (
    <List header={t('settings.language')}>
      <CheckList
        value={[i18n.language || currentLanguage()]}
        onChange={(value) => value[0] && void session.switchLanguage(value[0] as Language)}
      >
        <CheckList.Item value="zh-CN">{t('settings.languageZh')}</CheckList.Item>
        <CheckList.Item value="en-US">{t('settings.languageEn')}</CheckList.Item>
      </CheckList>
    </List>
  );
}
