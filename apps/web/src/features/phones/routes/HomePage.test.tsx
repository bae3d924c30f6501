import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { renderInApp } from '../../../testing/render-in-app';
import { useHomeView } from '../stores/home-view';
import HomePage from './HomePage';

const DAY = 86_400_000;

function phone(id: number, fields: Partial<UserPhone> = {}): UserPhone {
  return {
    userPhoneId: id,
    name: `Cloud phone ${id}`,
    groupId: 0,
    groupName: 'Default group',
    resolution: '720×1280',
    root: false,
    mockModel: { manufacturer: 'Xiaomi', model: '13' },
    status: 'online',
    expireTime: Date.now() + 30 * DAY,
    authorized: false,
    beAuthorized: false,
    trial: false,
    ...fields,
  };
}

/** Answers the two calls of the home screen with these phones, all in the default group. */
function serve(phones: UserPhone[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.includes('/phone-group/simple-list')
        ? [{ groupId: 0, groupName: 'Default group', count: phones.length, isDefault: true }]
        : { list: phones, total: phones.length };
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
}

beforeEach(() => useHomeView.setState({ viewMode: 'list', groupId: null }));
afterEach(() => vi.unstubAllGlobals());

describe('the home screen', () => {
  it('shows a card per phone with its model, remaining time and trial tag', async () => {
    serve([phone(1), phone(2, { trial: true, expireTime: Date.now() + 5 * 3_600_000 + 90_000 })]);
    renderInApp('/demo', <HomePage />);
    const trial = (await screen.findByText('Cloud phone 2')).closest('button')!;
    expect(trial.textContent).toContain('Trial');
    expect(trial.textContent).toContain('5 h 1 min');
    expect(trial.textContent).toContain('Expiring soon');
    const month = screen.getByText('Cloud phone 1').closest('button')!;
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
    fireEvent.click(await screen.findByText('Cloud phone 3'));
    expect(await screen.findByText('Device expired')).toBeTruthy();
  });
});
