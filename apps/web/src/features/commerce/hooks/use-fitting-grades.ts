import type { Product } from '@cloudphone/contracts/commerce';
import { useMyPhones } from '../../../lib/my-phones';

export type GradeFit = 'fits' | 'other' | 'checking';

/**
 * Which grades the chosen phones can be renewed with: a renewal takes a package of the grade the
 * phones run as, one package for the whole batch (spec §5), so only a grade all of them share fits.
 */
export function useFittingGrades(products: readonly Product[], userPhoneIds: readonly number[]) {
  const phones = useMyPhones();
  const chosen = (phones.data ?? []).filter((p) => userPhoneIds.includes(p.userPhoneId));
  return new Map<number, GradeFit>(
    products.map((product) => {
      if (!phones.data) return [product.gradeId, 'checking'];
      const fits = chosen.length > 0 && chosen.every((p) => p.gradeId === product.gradeId);
      return [product.gradeId, fits ? 'fits' : 'other'];
    }),
  );
}
