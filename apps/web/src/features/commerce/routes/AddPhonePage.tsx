import { useState } from 'react';
import { Button, Stepper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_DEVICES_PER_ORDER, type OrderRequest } from '@cloudphone/contracts/commerce';
import { enabledFunctions } from '../../../lib/functions';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useSession } from '../../../stores/session';
import { useProducts } from '../api/products';
import { Checkout } from '../components/Checkout';
import { CommerceSection } from '../components/CommerceSection';
import { GradePicker } from '../components/GradePicker';
import { PackagePicker } from '../components/PackagePicker';
import { PurchaseGate } from '../../../components/PurchaseGate';
import '../commerce.css';

/** Buy cloud phones (spec §1): grade, package, how many, coupon, then payment. */
export default function AddPhonePage() {
  return (
    <PurchaseGate>
      <BuyPhones />
    </PurchaseGate>
  );
}

function BuyPhones() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const codesOn = useSession((s) => enabledFunctions(s.functions).has('activation_code'));
  const products = useProducts('buy');
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);
  const [count, setCount] = useState(1);

  if (products.isPending) return <PageLoading />;
  if (products.error) return <PageError message={products.error.message} onRetry={() => void products.refetch()} />;
  const product = products.data.find((p) => p.gradeId === gradeId) ?? products.data[0];
  if (!product) return <PageEmpty description={t('commerce.buy.empty')} />;
  const pkg =
    product.packages.find((p) => p.packageId === packageId) ??
    product.packages.find((p) => !p.trial) ??
    product.packages[0];
  if (!pkg) return <PageEmpty description={t('commerce.buy.empty')} />;
  // A trial is one phone per account.
  const deviceCount = pkg.trial ? 1 : count;
  const order: OrderRequest = {
    skuType: 'buy',
    gradeId: product.gradeId,
    packageId: pkg.packageId,
    deviceCount,
    couponId: null,
  };

  return (
    <div className="cp-commerce">
      <CommerceSection title={t('commerce.grade.title')}>
        <GradePicker
          products={products.data}
          gradeId={product.gradeId}
          onChange={(p) => {
            setGradeId(p.gradeId);
            setPackageId(null);
          }}
        />
      </CommerceSection>
      <CommerceSection title={t('commerce.package')}>
        <PackagePicker
          packages={product.packages}
          packageId={pkg.packageId}
          onChange={(p) => setPackageId(p.packageId)}
        />
      </CommerceSection>
      <CommerceSection title={t('commerce.buy.count')}>
        <div className="cp-commerce-count">
          <Stepper
            min={1}
            max={MAX_DEVICES_PER_ORDER}
            digits={0}
            value={deviceCount}
            disabled={pkg.trial}
            onChange={(value) => setCount(value)}
            aria-label={t('commerce.buy.count')}
          />
          {pkg.trial && <span className="cp-commerce-note">{t('commerce.buy.trialOne')}</span>}
        </div>
      </CommerceSection>
      <Checkout order={order} submitLabel={t('commerce.buy.submit')} />
      {codesOn && (
        <Button fill="none" color="primary" onClick={() => void navigate(pathFor('activationCode', clientNo))}>
          {t('commerce.buy.useCode')}
        </Button>
      )}
    </div>
  );
}
