import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PackageChoiceProps } from '../lib/grade-terms';
import { formatMoney } from '../../../lib/format-money';

/** The packages of a grade: how many days and what they cost. */
export function PackagePicker({ packages, packageId, onChange }: PackageChoiceProps) {
  const { t } = useTranslation();
  return (
    <div className="cp-commerce-options cp-commerce-options--grid" role="radiogroup" aria-label={t('commerce.package')}>
      {packages.map((pkg) => {
        const on = pkg.packageId === packageId;
        return (
          <button
            type="button"
            role="radio"
            aria-checked={on}
            key={pkg.packageId}
            className={`cp-commerce-option${on ? ' cp-commerce-option--on' : ''}`}
            onClick={() => onChange(pkg)}
          >
            <span className="cp-commerce-option__title">
              {t('commerce.days', { count: pkg.durationDays })}
              {pkg.trial && (
                <Tag color="warning" fill="outline" className="cp-commerce-option__tag">
                  {t('commerce.trial')}
                </Tag>
              )}
            </span>
            <span className="cp-commerce-option__price">{formatMoney(pkg.priceCents)}</span>
          </button>
        );
      })}
    </div>
  );
}
