import { useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderRequest } from '@cloudphone/contracts/commerce';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useProducts } from '../api/products';
import { useFittingGrades } from '../hooks/use-fitting-grades';
import { Checkout } from './Checkout';
import { CommerceSection } from './CommerceSection';
import { GradePicker } from './GradePicker';
import { PackagePicker } from './PackagePicker';

/** The package to renew the chosen phones with, and its checkout: one package for the whole batch. */
export function RenewalCheckout({ userPhoneIds }: { userPhoneIds: readonly number[] }) {
  const { t } = useTranslation();
  const products = useProducts('renew');
  const fits = useFittingGrades(products.data ?? [], userPhoneIds);
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);

  if (products.isPending) return <PageLoading />;
  if (products.error) return <PageError message={products.error.message} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <PageEmpty description={t('commerce.renew.empty')} />;

  const fitting = products.data.filter((p) => fits.get(p.gradeId) === 'fits');
  const checking = [...fits.values()].includes('checking');
  const product = fitting.find((p) => p.gradeId === gradeId) ?? fitting[0];
  const pkg = product?.packages.find((p) => p.packageId === packageId) ?? product?.packages[0];
  const order: OrderRequest | null =
    product && pkg && userPhoneIds.length > 0
      ? { skuType: 'renew', packageId: pkg.packageId, userPhoneIds: [...userPhoneIds], couponId: null }
      : null;

  return (
    <>
      <CommerceSection title={t('commerce.grade.title')}>
        {userPhoneIds.length === 0 ? (
          <p className="cp-commerce-note">{t('commerce.renew.choosePhones')}</p>
        ) : (
          <GradePicker
            products={products.data}
            showStock={false}
            gradeId={product?.gradeId ?? null}
            onChange={(p) => {
              setGradeId(p.gradeId);
              setPackageId(null);
            }}
            unavailable={(p) => (fits.get(p.gradeId) === 'fits' ? null : t('commerce.renew.otherGrade'))}
          />
        )}
        {checking && userPhoneIds.length > 0 && <DotLoading color="primary" />}
        {!checking && userPhoneIds.length > 0 && fitting.length === 0 && (
          <p className="cp-commerce-error" role="alert">
            {t('commerce.renew.mixedGrades')}
          </p>
        )}
      </CommerceSection>
      {product && (
        <CommerceSection title={t('commerce.package')}>
          <PackagePicker
            packages={product.packages}
            packageId={pkg?.packageId ?? null}
            onChange={(p) => setPackageId(p.packageId)}
          />
        </CommerceSection>
      )}
      <Checkout order={order} submitLabel={t('commerce.renew.submit')} />
    </>
  );
}
