import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useProducts } from '../api/products';
import { useRenewalChoice } from '../hooks/use-package-choice';
import { Checkout } from './Checkout';
import { CommerceSection } from './CommerceSection';
import { GradePicker } from './GradePicker';
import { PackagePicker } from './PackagePicker';

/** The package to renew the chosen phones with, and its checkout: one package for the whole batch. */
export function RenewalCheckout({ userPhoneIds }: { userPhoneIds: readonly number[] }) {
  const { t } = useTranslation();
  const products = useProducts('renew');
  const { fitsGrade, fitting, checking, product, pkg, order, chooseGrade, choosePackage } = useRenewalChoice(
    products.data,
    userPhoneIds,
  );

  if (products.isPending) return <PageLoading />;
  if (products.error) return <PageError message={products.error.message} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <PageEmpty description={t('commerce.renew.empty')} />;

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
            onChange={chooseGrade}
            unavailable={(p) => (fitsGrade(p) ? null : t('commerce.renew.otherGrade'))}
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
          <PackagePicker packages={product.packages} packageId={pkg?.packageId ?? null} onChange={choosePackage} />
        </CommerceSection>
      )}
      <Checkout order={order} submitLabel={t('commerce.renew.submit')} />
    </>
  );
}
