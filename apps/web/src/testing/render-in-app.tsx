import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { matchPath } from '../app/navigation';
import { RouteContext } from '../app/route-context';
import { NotificationHost } from '../components/NotificationHost';

/** Renders a page or component as the shell would at `path`: router, route match, query cache, notifications. */
export function renderInApp(path: string, ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouteContext.Provider value={matchPath(path.split('?')[0] ?? path)}>{ui}</RouteContext.Provider>
      </MemoryRouter>
      <NotificationHost />
    </QueryClientProvider>,
  );
}
