import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function SyncScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.sync')}>
      <Result title="…" />
    </Screen>
  );
}
