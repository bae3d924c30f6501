import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@cloudphone/contracts/storage-keys';
import { renderInApp } from '../../../testing/render-in-app';
import { useNotifications } from '../../../stores/notifications';
import { reloadSession, useSession } from '../../../stores/session';
import { LoginForm } from './LoginForm';

const user = {
  nickname: 'Ann',
  avatar: '',
  mobile: '13800000000',
  userNo: 'U1',
  registerTime: 1,
  hasPassword: true,
  language: 'en-US',
};
const tokens = { accessToken: 'a1', refreshToken: 'r1', expiresTime: 0, userId: 1 };
let calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.setItem(StorageKey.clientNo, JSON.stringify('demo'));
  localStorage.setItem(StorageKey.tenantId, JSON.stringify(1));
  localStorage.setItem(StorageKey.clientId, JSON.stringify(1));
  reloadSession();
  useNotifications.setState({ items: [] });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(init.body as string) : null });
      const data = url.endsWith('/user/get') ? user : url.endsWith('login') ? tokens : null;
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const logIn = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('login form (spec §1, §5)', () => {
  it('says "Phone no is incorrect!" for a bad number and sends nothing', async () => {
    renderInApp('/login/demo', <LoginForm />);
    type('Enter your phone number', '12345');
    type('Enter your password', 'demo1234');
    fireEvent.click(screen.getByRole('checkbox'));
    await logIn();
    await screen.findByText('Phone no is incorrect!');
    expect(calls).toEqual([]);
  });

  it('asks for the agreement before logging in and sends nothing until it is ticked', async () => {
    renderInApp('/login/demo', <LoginForm />);
    type('Enter your phone number', '13800000000');
    type('Enter your password', 'demo1234');
    await logIn();
    await waitFor(() => expect(alerts()).toEqual(['Please read and accept the agreement first']));
    expect(calls).toEqual([]);
  });

  it('logs in by password, then keeps the tokens and the user info', async () => {
    renderInApp('/login/demo', <LoginForm />);
    type('Enter your phone number', ' 13800000000 ');
    type('Enter your password', 'demo1234');
    fireEvent.click(screen.getByRole('checkbox'));
    await logIn();
    await waitFor(() => expect(useSession.getState().token).toBe('a1'));
    expect(calls).toEqual([
      { url: '/api/merchant/auth/login', body: { mobile: '13800000000', password: 'demo1234' } },
      { url: '/api/merchant/user/get', body: null },
    ]);
    expect(useSession.getState().userInfo).toEqual(user);
  });

  it('sends a login code only to a valid number', async () => {
    renderInApp('/login/demo', <LoginForm />);
    fireEvent.click(screen.getByText('SMS code'));
    type('Enter your phone number', '1380000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    await screen.findByText('Phone no is incorrect!');
    expect(calls).toEqual([]);

    type('Enter your phone number', '13900001111');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    await screen.findByRole('button', { name: 'Resend in 60s' });
    expect(calls).toEqual([{ url: '/api/merchant/auth/send-sms-code', body: { mobile: '13900001111', scene: 1 } }]);
  });
});
