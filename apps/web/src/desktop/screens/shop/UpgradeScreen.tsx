import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function UpgradeScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.upgrade')}>
      <Result title={t('desktop.shop.placeholder')} />
    </Screen>
  );
}
