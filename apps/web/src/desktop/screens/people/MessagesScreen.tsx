import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function MessagesScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.messages')}>
      <Result title={t('desktop.people.placeholder')} />
    </Screen>
  );
}
