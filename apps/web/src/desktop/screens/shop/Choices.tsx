import type { ReactNode } from 'react';
import { Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  gradeHardware,
  stockText,
  type GradeChoiceProps,
  type PackageChoiceProps,
} from '../../../features/commerce/lib/grade-terms';
import { formatMoney } from '../../../lib/format-money';

/** One card of a choice: its title, a few lines under it, and whether it can be chosen. */
export interface OptionCard {
  title: ReactNode;
  lines: ReactNode[];
  disabled?: boolean;
}

interface OptionCardsProps<T> {
  label: string;
  items: readonly T[];
  /** An item's id: the chosen one is `value`. */
  idOf: (item: T) => number;
  value: number | null;
  onChange: (item: T) => void;
  card: (item: T) => OptionCard;
}

/** A choice among a few things described in a few lines (grades, packages, upgrade targets), as cards. */
export function OptionCards<T>({ label, items, idOf, value, onChange, card }: OptionCardsProps<T>) {
  return (
    <Radio.Group
      className="cp-desk-options"
      aria-label={label}
      value={value}
      onChange={(e) => {
        const chosen = items.find((item) => idOf(item) === e.target.value);
        if (chosen) onChange(chosen);
      }}
    >
      {items.map((item) => {
        const { title, lines, disabled } = card(item);
        return (
          <Radio.Button key={idOf(item)} value={idOf(item)} disabled={disabled} className="cp-desk-option">
            <span className="cp-desk-option__title">{title}</span>
            {lines}
          </Radio.Button>
        );
      })}
    </Radio.Group>
  );
}

/** A line of a card; `kind` picks its look. */
export const cardLine = (key: string, text: ReactNode, kind: 'line' | 'warn' | 'price' = 'line') => (
  <span
    key={key}
    className={kind === 'price' ? 'cp-desk-option__price' : `cp-desk-option__line cp-desk-option__line--${kind}`}
  >
    {text}
  </span>
);

/** The device grades on sale: hardware, and stock (a purchase beyond it waits to be allocated). */
export function GradeChoice({ products, gradeId, onChange, unavailable, showStock = true }: GradeChoiceProps) {
  const { t } = useTranslation();
  return (
    <OptionCards
      label={t('commerce.grade.title')}
      items={products}
      idOf={(p) => p.gradeId}
      value={gradeId}
      onChange={onChange}
      card={(p) => {
        const reason = unavailable?.(p) ?? null;
        const note = reason ?? (showStock ? stockText(p, t) : null);
        return {
          title: p.name,
          disabled: reason !== null,
          lines: [
            cardLine('hardware', gradeHardware(p, t)),
            note && cardLine('note', note, reason !== null || p.stock === 0 ? 'warn' : 'line'),
          ],
        };
      }}
    />
  );
}

/** The packages of a grade: how many days and what they cost. */
export function PackageChoice({ packages, packageId, onChange }: PackageChoiceProps) {
  const { t } = useTranslation();
  return (
    <OptionCards
      label={t('commerce.package')}
      items={packages}
      idOf={(pkg) => pkg.packageId}
      value={packageId}
      onChange={onChange}
      card={(pkg) => ({
        title: (
          <>
            {t('commerce.days', { count: pkg.durationDays })}
            {pkg.trial && (
              <Tag color="gold" style={{ marginInlineStart: 6 }}>
                {t('commerce.trial')}
              </Tag>
            )}
          </>
        ),
        lines: [cardLine('price', formatMoney(pkg.priceCents), 'price')],
      })}
    />
  );
}
