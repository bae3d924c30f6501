import { List, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cloudphone/contracts/locale';
import { changeLanguage, currentLanguage } from '../../../lib/i18n/index';

/** System settings: the language, Simplified Chinese or English. */
export default function SystemSettingPage() {
  const { t, i18n } = useTranslation();
  return (
    <List header={t('settings.language')}>
      <Radio.Group value={i18n.language || currentLanguage()} onChange={(value) => void changeLanguage(value as Language)}>
        <List.Item extra={<Radio value="zh-CN" aria-label={t('settings.languageZh')} />}>{t('settings.languageZh')}</List.Item>
        <List.Item extra={<Radio value="en-US" aria-label={t('settings.languageEn')} />}>{t('settings.languageEn')}</List.Item>
      </Radio.Group>
    </List>
  );
}
