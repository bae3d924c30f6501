import { lazy, Suspense } from 'react';
import { PageLoading } from '../components/PageLoading';
import { isPurchaseRoute } from '../lib/routing/navigation';
import type { AppRoute } from '../lib/routing/route-table';
import { NotAvailablePage, PAGES } from './pages';

// With the pages it wraps, not in the entry script.
const FunctionOff = lazy(() => import('../components/FunctionOff').then((m) => ({ default: m.FunctionOff })));

/**
 * The page a route draws. A page its client switched off (the route table's `needs`, spec §3) says
 * so, opened by URL too; the purchase pages keep spec §6's gate, which they wrap themselves in.
 */
export function RoutePage({ route }: { route: AppRoute }) {
  const Page = PAGES[route.name] ?? NotAvailablePage;
  return (
    <Suspense fallback={<PageLoading />}>
      {route.needs && !isPurchaseRoute(route.name) ? (
        <FunctionOff needs={route.needs}>
          <Page />
        </FunctionOff>
      ) : (
        <Page />
      )}
    </Suspense>
  );
}
