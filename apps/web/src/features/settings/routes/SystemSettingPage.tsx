import { CheckList, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cloudphone/contracts/locale';
import { changeLanguage, currentLanguage } from '../../../lib/i18n/index';

/** System settings: the language, Simplified Chinese or English. */
export default function SystemSettingPage() {
  const { t, i18n } = useTranslation();
  return (
    <List header={t('settings.language')}>
      <CheckList
        value={[i18n.language || currentLanguage()]}
        onChange={(value) => value[0] && void changeLanguage(value[0] as Language)}
      >
        <CheckList.Item value="zh-CN">{t('settings.languageZh')}</CheckList.Item>
        <CheckList.Item value="en-US">{t('settings.languageEn')}</CheckList.Item>
      </CheckList>
    </List>
  );
}
