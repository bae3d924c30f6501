import { useState } from 'react';
import { MAX_DEVICES_PER_ORDER, type OrderRequest, type Package, type Product } from '@cloudphone/contracts/commerce';
import { useFittingGrades } from './use-fitting-grades';

/** A grade and one of its packages as the customer picks them; another grade drops the package picked. */
function useGradeAndPackage() {
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);
  return {
    gradeId,
    packageId,
    chooseGrade: (product: Product) => {
      setGradeId(product.gradeId);
      setPackageId(null);
    },
    choosePackage: (pkg: Package) => setPackageId(pkg.packageId),
  };
}

/**
 * A purchase as chosen (spec §1): a grade (the first until one is picked), a package of it (the first
 * that is not a trial until one is picked), and how many phones — a trial is one phone per account.
 */
export function usePurchaseChoice(products: readonly Product[] | undefined) {
  const { gradeId, packageId, chooseGrade, choosePackage } = useGradeAndPackage();
  const [count, setCount] = useState(1);
  const product = products?.find((p) => p.gradeId === gradeId) ?? products?.[0];
  const pkg =
    product?.packages.find((p) => p.packageId === packageId) ??
    product?.packages.find((p) => !p.trial) ??
    product?.packages[0];
  const deviceCount = pkg?.trial ? 1 : count;
  const order: OrderRequest | null =
    product && pkg
      ? { skuType: 'buy', gradeId: product.gradeId, packageId: pkg.packageId, deviceCount, couponId: null }
      : null;
  /** The quantity field: a whole number up to an order's most, fixed at one for a trial. */
  const countField = { value: deviceCount, min: 1, max: MAX_DEVICES_PER_ORDER, disabled: pkg?.trial ?? false };
  return { product, pkg, countField, order, chooseGrade, choosePackage, setCount };
}

/**
 * A renewal as chosen (spec §5): one package for the whole batch, of a grade every chosen phone runs
 * as (the first such grade until one is picked). `checking` while the phones' grades are not known yet.
 */
export function useRenewalChoice(products: readonly Product[] | undefined, userPhoneIds: readonly number[]) {
  const { gradeId, packageId, chooseGrade, choosePackage } = useGradeAndPackage();
  const fits = useFittingGrades(products ?? [], userPhoneIds);
  const fitsGrade = (product: Product) => fits.get(product.gradeId) === 'fits';
  const fitting = (products ?? []).filter(fitsGrade);
  const checking = [...fits.values()].includes('checking');
  const product = fitting.find((p) => p.gradeId === gradeId) ?? fitting[0];
  const pkg = product?.packages.find((p) => p.packageId === packageId) ?? product?.packages[0];
  const order: OrderRequest | null =
    product && pkg && userPhoneIds.length > 0
      ? { skuType: 'renew', packageId: pkg.packageId, userPhoneIds: [...userPhoneIds], couponId: null }
      : null;
  return { fitsGrade, fitting, checking, product, pkg, order, chooseGrade, choosePackage };
}
