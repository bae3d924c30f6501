import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function ReplacementScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.replacement')}>
      <Result title={t('desktop.work.placeholder')} />
    </Screen>
  );
}
