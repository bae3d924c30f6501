import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnabledFunctions } from '../../../hooks/use-enabled-functions';
import { useProducts } from '../../../features/commerce/api/products';
import { usePurchaseChoice } from '../../../features/commerce/hooks/use-package-choice';
import { QueryState, Screen } from '../../components/Screen';
import { Checkout } from './Checkout';
import { GradeChoice, PackageChoice } from './Choices';
import { useScreenLink } from './screen-link';
import './shop.css';

/** Buy cloud phones (spec §1): grade, package, how many, coupon, then payment. */
export default function BuyScreen() {
  const { t } = useTranslation();
  const link = useScreenLink();
  const codesOn = useEnabledFunctions().has('activation_code');
  const products = useProducts('buy');
  const { product, pkg, countField, order, chooseGrade, choosePackage, setCount } = usePurchaseChoice(products.data);

  return (
    <Screen
      title={t('desktop.menu.buy')}
      extra={
        codesOn && (
          <Button type="link" onClick={() => link('codes')}>
            {t('commerce.buy.useCode')}
          </Button>
        )
      }
    >
      <QueryState query={products} empty={!pkg} emptyText={t('commerce.buy.empty')}>
        {products.data && product && pkg && (
          <div className="cp-desk-shop">
            <Card size="small" title={t('commerce.grade.title')}>
              <GradeChoice products={products.data} gradeId={product.gradeId} onChange={chooseGrade} />
            </Card>
            <Card size="small" title={t('commerce.package')}>
              <PackageChoice packages={product.packages} packageId={pkg.packageId} onChange={choosePackage} />
            </Card>
            <Card size="small" title={t('commerce.buy.count')}>
              <Space>
                <InputNumber
                  {...countField}
                  precision={0}
                  onChange={(value) => setCount(value ?? 1)}
                  aria-label={t('commerce.buy.count')}
                />
                {pkg.trial && <Typography.Text type="secondary">{t('commerce.buy.trialOne')}</Typography.Text>}
              </Space>
            </Card>
            <Checkout order={order} submitLabel={t('commerce.buy.submit')} />
          </div>
        )}
      </QueryState>
    </Screen>
  );
}
