import { useTranslation } from 'react-i18next';
import { gradeHardware, stockText, type GradeChoiceProps } from '../lib/grade-terms';

/** The device grades on sale: hardware, and stock (a purchase beyond it waits to be allocated). */
export function GradePicker({ products, gradeId, onChange, unavailable, showStock = true }: GradeChoiceProps) {
  const { t } = useTranslation();
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
            <span className="cp-commerce-option__detail">{gradeHardware(p, t)}</span>
            {(reason !== null || showStock) && (
              <span
                className={`cp-commerce-option__note${reason === null && p.stock === 0 ? ' cp-commerce-option__note--warn' : ''}`}
              >
                {reason ?? stockText(p, t)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
