import type { ReactNode } from 'react';

/** A titled block of a purchase page: grade, package, phones, quantity. */
export function CommerceSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="cp-commerce-section">
      <h3 className="cp-commerce-section__title">{title}</h3>
      {children}
    </section>
  );
}
