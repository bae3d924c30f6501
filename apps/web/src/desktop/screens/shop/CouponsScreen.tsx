import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function CouponsScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('desktop.menu.coupons')}>
      <Result title={t('desktop.shop.placeholder')} />
    </Screen>
  );
}
