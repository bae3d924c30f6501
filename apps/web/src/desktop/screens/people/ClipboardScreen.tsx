import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function ClipboardScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.clipboard')}>
      <Result title={t('desktop.people.placeholder')} />
    </Screen>
  );
}
