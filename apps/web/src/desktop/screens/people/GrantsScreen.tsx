import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function GrantsScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.grants')}>
      <Result title={t('desktop.people.placeholder')} />
    </Screen>
  );
}
