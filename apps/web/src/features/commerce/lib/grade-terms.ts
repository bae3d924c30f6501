import type { TFunction } from 'i18next';
import type { Package, Product } from '@cloudphone/contracts/commerce';

/** What a picker of grades takes, on the phone as on the desktop. */
export interface GradeChoiceProps {
  products: readonly Product[];
  gradeId: number | null;
  onChange: (product: Product) => void;
  /** Grades that cannot be chosen here, with the reason shown instead of the stock. */
  unavailable?: (product: Product) => string | null;
  /** Stock matters to a purchase only; a renewal keeps the phone it has. */
  showStock?: boolean;
}

/** What a picker of a grade's packages takes. */
export interface PackageChoiceProps {
  packages: readonly Package[];
  packageId: number | null;
  onChange: (pkg: Package) => void;
}

/** A grade's hardware in words: cores, memory, storage and Android version. */
export function gradeHardware(product: Product, t: TFunction): string {
  return t('commerce.grade.hardware', {
    cpu: product.cpuCores,
    memory: product.memoryGb,
    storage: product.storageGb,
    android: product.androidVersion,
  });
}

/** A grade's stock in words: unlimited, how many, or none (a purchase then waits to be allocated, spec §8). */
export function stockText(product: Product, t: TFunction): string {
  if (product.stock === null) return t('commerce.grade.inStock');
  if (product.stock > 0) return t('commerce.grade.stock', { count: product.stock });
  return t('commerce.grade.noStock');
}
