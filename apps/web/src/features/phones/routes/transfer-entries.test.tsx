import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FUNCTION_KEYS, type FunctionKey } from '@cloudphone/contracts/client';
import { useSession } from '../../../stores/session';
import { renderInApp } from '../../../testing/render-in-app';
import { userPhone } from '../../../testing/user-phone';
import BatchOperationPage from './BatchOperationPage';

const json = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: '', data }));

/** Every function on but these (spec §3: a switched-off function's entry is hidden). */
function switchedOff(...off: FunctionKey[]) {
  useSession.setState({
    functions: FUNCTION_KEYS.map((key) => ({ key, name: key, props: {}, enable: !off.includes(key) })),
  });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname.endsWith('/phone-group/simple-list'))
        return json([{ groupId: 0, groupName: 'Default group', count: 2, isDefault: true }]);
      if (url.pathname.endsWith('/user/phone/list')) return json({ list: [userPhone(1), userPhone(2)], total: 2 });
      if (url.pathname.endsWith('/list-manufacturer')) return json(['HUAWEI', 'vivo']);
      if (url.pathname.endsWith('/config/getKeys')) return json({});
      return json(null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ functions: null });
});

describe('transfer and new machine under the client function list', () => {
  it('offers both from batch operation while they are on, and hides the one switched off', async () => {
    switchedOff();
    const { unmount } = renderInApp('/batch-operation/demo', <BatchOperationPage />);
    expect(await screen.findByRole('button', { name: 'Transfer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New machine' })).toBeTruthy();
    unmount();

    switchedOff('transfer_button');
    renderInApp('/batch-operation/demo', <BatchOperationPage />);
    expect(await screen.findByRole('button', { name: 'New machine' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });
  // Opened directly while off, each page says so: app/RoutePage.test.tsx walks every switched route.
});
