import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { InstallGameSheet } from '../features/discover/components/InstallGameSheet';
import { stubAntdBrowser } from '../testing/render-desktop';
import { DesktopShell } from './DesktopApp';

beforeEach(() => {
  stubAntdBrowser();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: '', data: { list: [], total: 0 } }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('gives the features the views they show inside each other, as the phone app does', () => {
  render(
    <DesktopShell>
      <MemoryRouter>
        <InstallGameSheet game={null} onClose={() => undefined} />
        <p>rendered</p>
      </MemoryRouter>
    </DesktopShell>,
  );
  expect(screen.getByText('rendered')).toBeTruthy();
});
