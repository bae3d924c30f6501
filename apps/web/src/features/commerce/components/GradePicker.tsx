import { useTranslation } from 'react-i18next';
import type { Product } from '@cloudphone/contracts/commerce';

interface GradePickerProps {
  products: readonly Product[];
  gradeId: number | null;
  onChange: (product: Product) => void;
  /** Grades that cannot be chosen here, with the reason shown instead of the stock. */
  unavailable?: (product: Product) => string | null;
  /** Stock matters to a purchase only; a renewal keeps the phone it has. */
  showStock?: boolean;
}

/** The device grades on sale: hardware, and stock (a purchase beyond it waits to be allocated). */
export function GradePicker({ products, gradeId, onChange, unavailable, showStock = true }: GradePickerProps) {
  const { t } = useTranslation();
  const stockText = (p: Product) => {
    if (p.stock === null) return t('commerce.grade.inStock');
    if (p.stock > 0) return t('commerce.grade.stock', { count: p.stock });
    return t('commerce.grade.noStock');
  };
  return (
    <div className="cp-commerce-options" role="radiogroup" aria-label={t('commerce.grade.title')}>
      {products.map((p) => {
        const reason = unavailable?.(p) ?? null;
        const on = p.gradeId === gradeId;
        return (
          <button
            type="button"
            role="radio"
            aria-checked={on}
            key={p.gradeId}
            disabled={reason !== null}
            className={`cp-commerce-option${on ? ' cp-commerce-option--on' : ''}`}
            onClick={() => onChange(p)}
          >
            <span className="cp-commerce-option__title">{p.name}</span>
            <span className="cp-commerce-option__detail">
              {t('commerce.grade.hardware', {
                cpu: p.cpuCores,
                memory: p.memoryGb,
                storage: p.storageGb,
                android: p.androidVersion,
              })}
            </span>
            {(reason !== null || showStock) && (
              <span
                className={`cp-commerce-option__note${reason === null && p.stock === 0 ? ' cp-commerce-option__note--warn' : ''}`}
              >
                {reason ?? stockText(p)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
