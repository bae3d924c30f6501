import type { ReactNode } from 'react';
import type { LayoutKind } from '../../lib/routing/route-table';
import type { Transition } from '../../lib/routing/navigation';
import { HomeLayout } from './HomeLayout';
import { PageLayout } from './PageLayout';

interface LayoutProps {
  kind: LayoutKind;
  transition: Transition;
  /** A new key restarts the slide-in animation for each page. */
  pageKey: string;
  children: ReactNode;
}

/** Picks the frame of a page by its layout kind (spec §2). */
export function Layout({ kind, transition, pageKey, children }: LayoutProps) {
  const page = (
    <div key={pageKey} className={`cp-page cp-page--${transition} cp-layout--${kind}`} data-transition={transition}>
      {children}
    </div>
  );
  if (kind === 'home') return <HomeLayout>{page}</HomeLayout>;
  if (kind === 'login' || kind === 'phone') return page;
  return <PageLayout>{page}</PageLayout>;
}
