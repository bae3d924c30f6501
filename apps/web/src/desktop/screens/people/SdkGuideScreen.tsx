import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function SdkGuideScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.sdkGuide')}>
      <Result title={t('desktop.people.placeholder')} />
    </Screen>
  );
}
