import { lazy, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { matchPath } from '../lib/routing/navigation';
import { RouteContext } from '../lib/routing/route-context';
import { NotificationHost } from '../components/NotificationHost';
import { JoinedViewsContext, type JoinedViews } from '../lib/joined-views';

/** The views a shell joins, as the mobile shell joins them (app/joined-views.ts). */
const JOINED_VIEWS: JoinedViews = {
  PhoneUploadSheet: lazy(() => import('../features/files/components/PhoneUploadSheet')),
  AdbPanel: lazy(() => import('../features/adb/components/AdbPanel')),
  PushProgress: lazy(() =>
    import('../features/files/components/PushProgress').then((m) => ({ default: m.PushProgress })),
  ),
};

/** Renders a page or component as the shell would at `path`: router, route match, query cache, notifications. */
export function renderInApp(path: string, ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouteContext.Provider value={matchPath(path.split('?')[0] ?? path)}>
          <JoinedViewsContext.Provider value={JOINED_VIEWS}>{ui}</JoinedViewsContext.Provider>
        </RouteContext.Provider>
      </MemoryRouter>
      <NotificationHost />
    </QueryClientProvider>,
  );
}
