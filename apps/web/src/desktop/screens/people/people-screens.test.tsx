import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '@cloudphone/contracts/grants';
import type { Message } from '@cloudphone/contracts/messages';
import { renderDesktop, stubAntdBrowser } from '../../../testing/render-desktop';
import GrantsScreen from './GrantsScreen';
import MessagesScreen from './MessagesScreen';
import SdkGuideScreen from './SdkGuideScreen';

const json = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: '', data }));

const grant = (grantId: number, fields: Partial<Grant> = {}): Grant => ({
  grantId,
  side: 'out',
  userPhoneId: grantId,
  phoneName: `Cloud phone ${grantId}`,
  permission: 'view',
  days: 3,
  status: 'active',
  expireTime: Date.now() + 3 * 86_400_000,
  createTime: 0,
  grantCode: null,
  account: '138****0000',
  ...fields,
});

const message = (messageId: number, read: boolean): Message => ({
  messageId,
  type: 'system',
  title: `Notice ${messageId}`,
  content: `Body of notice ${messageId}`,
  read,
  mine: false,
  createdAt: 0,
});

/** What the screens sent, in order. */
let requests: { path: string; body: unknown }[];
beforeEach(() => {
  requests = [];
  stubAntdBrowser();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
      requests.push({ path: url.pathname, body });
      switch (url.pathname) {
        case '/api/events':
          return new Promise<Response>(() => undefined);
        case '/api/device/grant/page':
          return Promise.resolve(
            json(
              url.searchParams.get('side') === 'out'
                ? {
                    list: [grant(1), grant(2, { grantCode: 'ABCDEFGH23', account: null, status: 'waiting' })],
                    total: 2,
                  }
                : { list: [], total: 0 },
            ),
          );
        case '/api/device/grant/use-code':
          return Promise.resolve(json({ grantId: 9, userPhoneId: 9 }));
        case '/api/message/page':
          return Promise.resolve(json({ list: [message(1, false), message(2, false), message(3, true)], total: 3 }));
        case '/api/message/get':
          return Promise.resolve(json(message(Number(url.searchParams.get('messageId')), false)));
        case '/api/message/unread-count':
          return Promise.resolve(json({ all: 2, system: 2, assistant: 0 }));
        case '/api/message/assistant':
          return Promise.resolve(json({ available: false }));
        default:
          return Promise.resolve(json({}));
      }
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const sentTo = (path: string) => requests.filter((r) => r.path === path);
/** Confirms the open antd dialog. */
const confirm = async () => fireEvent.click(await screen.findByTestId('confirm-ok'));

describe('the desktop grants screen', () => {
  it('takes back the grants ticked, once the user confirms', { timeout: 30_000 }, async () => {
    renderDesktop(<GrantsScreen />);
    const table = await screen.findByTestId('desk-grants-out');
    await within(table).findByText('ABCDEFGH23');
    fireEvent.click(within(table).getAllByRole('checkbox')[0]!);
    fireEvent.click(screen.getByTestId('desk-grants-take-back-selected'));
    expect((await screen.findAllByText(/Take back the 2 selected grants/)).length).toBeGreaterThan(0);
    await confirm();
    await waitFor(() =>
      expect(sentTo('/api/device/grant/revoke').map((r) => r.body)).toEqual([{ grantId: 1 }, { grantId: 2 }]),
    );
  });

  it('uses a grant code and shows the phones granted to me', { timeout: 30_000 }, async () => {
    renderDesktop(<GrantsScreen />);
    fireEvent.click(screen.getByTestId('grants-use-code'));
    fireEvent.change(await screen.findByTestId('desk-grant-redeem-input'), { target: { value: 'abcdefgh23' } });
    fireEvent.click(screen.getByTestId('desk-grant-redeem-submit'));
    await waitFor(() => expect(sentTo('/api/device/grant/use-code')[0]?.body).toEqual({ grantCode: 'ABCDEFGH23' }));
    expect(await screen.findByText('No cloud phone is granted to you')).toBeTruthy();
  });
});

describe('the desktop message centre', () => {
  it('opens a message in a side panel, which marks it read', { timeout: 30_000 }, async () => {
    renderDesktop(<MessagesScreen />);
    fireEvent.click(await screen.findByText('Notice 2'));
    expect(await within(await screen.findByTestId('desk-message-detail')).findByText('Body of notice 2')).toBeTruthy();
    await waitFor(() => expect(sentTo('/api/message/read')[0]?.body).toEqual({ messageIds: [2] }));
  });
});

describe('the desktop SDK guide', () => {
  it('shows every section with its code to copy', async () => {
    renderDesktop(<SdkGuideScreen />);
    expect(screen.getByTestId('desk-sdk-guide').querySelectorAll('pre')).toHaveLength(12);
    expect(screen.getAllByText('Signing').length).toBeGreaterThan(0);
  });
});
