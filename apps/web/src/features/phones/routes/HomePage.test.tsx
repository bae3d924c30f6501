import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { renderInApp } from '../../../testing/render-in-app';
import { markHomeGuideSeen } from '../../../lib/home-guide';
import { useSession } from '../../../stores/session';
import { userPhone } from '../../../testing/user-phone';
import { useHomeView } from '../stores/home-view';
import { localDate } from '../lib/expiry-reminder';
import HomePage from './HomePage';

const DAY = 86_400_000;

const phone = userPhone;

const json = (body: unknown) => new Response(JSON.stringify(body));

/**
 * Answers the home screen's calls with these phones, all in the default group, a page at a time as
 * asked; preview keys are refused, so grids draw no pictures. Returns the list requests made.
 */
function serve(phones: UserPhone[]): URL[] {
  const listed: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname.endsWith('/phone-group/simple-list')) {
        const data = [{ groupId: 0, groupName: 'Default group', count: phones.length, isDefault: true }];
        return json({ code: 0, msg: '', data });
      }
      if (!url.pathname.endsWith('/user/phone/list')) return json({ code: 1301, msg: 'Device not connected!' });
      listed.push(url);
      const size = Number(url.searchParams.get('pageSize'));
      const from = (Number(url.searchParams.get('pageNo')) - 1) * size;
      return json({ code: 0, msg: '', data: { list: phones.slice(from, from + size), total: phones.length } });
    }),
  );
  return listed;
}

const card = (name: string) => screen.getAllByTestId('phone-card').find((c) => c.textContent?.includes(name))!;

const ACCOUNT = {
  nickname: 'Ann',
  avatar: '',
  mobile: '13800000000',
  userNo: '12345678',
  registerTime: 1,
  hasPassword: true,
  language: null,
  homeGuideSeen: false,
};

beforeEach(() => {
  useHomeView.setState({ viewMode: 'list', groupId: null });
  // Today's expiry reminder has been shown, unless a test says otherwise.
  localStorage.setItem('lastExpireTipDate', JSON.stringify(localDate(Date.now())));
  // A returning visitor: the first visit's walkthrough is behind them.
  markHomeGuideSeen();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the home screen', () => {
  it('sends a first visit to the walkthrough before asking for any phone', () => {
    localStorage.removeItem('homeGuideSeen');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderInApp('/demo', <HomePage />);
    expect(screen.queryByTestId('phone-card')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('skips the walkthrough, in a new browser too, for an account that has been through it (issue 55)', async () => {
    localStorage.removeItem('homeGuideSeen');
    useSession.setState({ userInfo: { ...ACCOUNT, homeGuideSeen: true } });
    serve([phone(1)]);
    renderInApp('/demo', <HomePage />);
    await screen.findByTitle('Cloud phone 1');
    useSession.setState({ userInfo: null });
  });

  it('shows a card per phone with its model, remaining time and trial tag', async () => {
    serve([phone(1), phone(2, { trial: true, expireTime: Date.now() + 5 * 3_600_000 + 90_000 })]);
    renderInApp('/demo', <HomePage />);
    await screen.findByTitle('Cloud phone 2');
    const trial = card('Cloud phone 2');
    expect(trial.textContent).toContain('Trial');
    expect(trial.textContent).toContain('5 h 1 min');
    expect(trial.textContent).toContain('Expiring soon');
    const month = card('Cloud phone 1');
    expect(month.textContent).toContain('Xiaomi 13 · 720×1280');
    expect(month.textContent).toMatch(/29 d 23 h|30 d 0 h/);
    expect(month.textContent).not.toContain('Trial');
  });

  it('invites a user without phones to buy one, and will not switch the view', async () => {
    serve([]);
    renderInApp('/demo', <HomePage />);
    expect(await screen.findByText('You have no cloud phones yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy a cloud phone' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Cannot switch view before subscribing to a cloud phone')).toBeTruthy();
    expect(useHomeView.getState().viewMode).toBe('list');
  });

  it('says an expired phone is expired instead of opening it', async () => {
    serve([phone(3, { status: 'expired', expireTime: Date.now() - DAY })]);
    renderInApp('/demo', <HomePage />);
    fireEvent.click(await screen.findByTitle('Cloud phone 3'));
    expect(await screen.findByText('Device expired')).toBeTruthy();
  });

  it('asks for the phones a page at a time and shows every page', async () => {
    // jsdom lays nothing out; give elements a parent so the list's end counts as scrolled into view.
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    const listed = serve(Array.from({ length: 45 }, (_, i) => phone(i + 1)));
    renderInApp('/demo', <HomePage />);
    await screen.findByTitle('Cloud phone 45');
    expect(screen.getAllByTestId('phone-card')).toHaveLength(45);
    // The online-devices entry reads every phone at once (lib/my-phones, pages of 100): not the list's paging.
    const paged = listed.filter((u) => u.searchParams.get('pageSize') !== '100');
    expect(paged.map((u) => [u.searchParams.get('pageNo'), u.searchParams.get('pageSize')])).toEqual([
      ['1', '20'],
      ['2', '20'],
      ['3', '20'],
    ]);
    expect(await screen.findByText('No more phones')).toBeTruthy();
  });

  it('shows one phone at a time in the main view, and the next one on "Next page"', async () => {
    useHomeView.setState({ viewMode: 'main' });
    serve([phone(1), phone(2), phone(3)]);
    renderInApp('/demo', <HomePage />);
    expect((await screen.findAllByTestId('phone-cell')).map((c) => c.textContent)).toEqual([
      expect.stringContaining('Cloud phone 1'),
    ]);
    expect(screen.getByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getAllByTestId('phone-cell').map((c) => c.textContent)).toEqual([
      expect.stringContaining('Cloud phone 2'),
    ]);
  });

  it('ticks phones in select mode instead of opening them', async () => {
    serve([phone(1), phone(2)]);
    renderInApp('/demo', <HomePage />);
    await screen.findByTitle('Cloud phone 2');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(card('Cloud phone 2'));
    expect(card('Cloud phone 2').getAttribute('aria-pressed')).toBe('true');
    expect(card('Cloud phone 1').getAttribute('aria-pressed')).toBe('false');
    const bar = screen.getByRole('toolbar', { name: 'Chosen phones' });
    expect(within(bar).getByText('1 selected')).toBeTruthy();
  });

  it('reminds of a phone expiring within a day, and "Don\'t remind again" silences it', async () => {
    localStorage.removeItem('lastExpireTipDate');
    serve([phone(1), phone(2, { expireTime: Date.now() + 3 * 3_600_000 })]);
    renderInApp('/demo', <HomePage />);
    const reminder = await screen.findByRole('dialog', { name: 'Expiry reminder' });
    expect(
      within(reminder)
        .getAllByTestId('expiring-phone')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Cloud phone 2')]);
    fireEvent.click(within(reminder).getByRole('button', { name: "Don't remind again" }));
    expect(screen.queryByRole('dialog', { name: 'Expiry reminder' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('hasExpireReminded')!)).toEqual([2]);
    // With its last phone silenced the reminder is closed, and done for today.
    expect(JSON.parse(localStorage.getItem('lastExpireTipDate')!)).toBe(localDate(Date.now()));
  });
});
