import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/**
 * What antd asks of a browser and jsdom lacks — a ResizeObserver and matchMedia — stubbed for a test
 * (vi.unstubAllGlobals takes them away). Every desktop screen test needs it.
 */
export function stubAntdBrowser(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

/** Renders a desktop screen as the shell does: its query cache, antd's App (dialogs, messages), a router. */
export function renderDesktop(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter>{ui}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}
