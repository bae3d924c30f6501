import { Button, Stepper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
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
import { usePurchaseChoice } from '../hooks/use-package-choice';
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
  const { product, pkg, countField, order, chooseGrade, choosePackage, setCount } = usePurchaseChoice(products.data);

  if (products.isPending) return <PageLoading />;
  if (products.error) return <PageError message={products.error.message} onRetry={() => void products.refetch()} />;
  if (!product || !pkg || !order) return <PageEmpty description={t('commerce.buy.empty')} />;

  return (
    <div className="cp-commerce">
      <CommerceSection title={t('commerce.grade.title')}>
        <GradePicker products={products.data} gradeId={product.gradeId} onChange={chooseGrade} />
      </CommerceSection>
      <CommerceSection title={t('commerce.package')}>
        <PackagePicker packages={product.packages} packageId={pkg.packageId} onChange={choosePackage} />
      </CommerceSection>
      <CommerceSection title={t('commerce.buy.count')}>
        <div className="cp-commerce-count">
          <Stepper
            {...countField}
            digits={0}
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
