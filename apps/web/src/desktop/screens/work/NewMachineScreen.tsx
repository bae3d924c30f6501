import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function NewMachineScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.newMachine')}>
      <Result title={t('desktop.work.placeholder')} />
    </Screen>
  );
}
