import { describe, expect, it } from 'vitest';
import type { ClientFunction, FunctionKey } from '@cloudphone/contracts/client';
import {
  decideNavigation,
  isManifestRequest,
  matchPath,
  purchaseGate,
  transitionBetween,
  type NavigationState,
} from './navigation';
import { ROUTES } from './route-table';
import { enabledFunctions } from '../functions';

const visitor: NavigationState = { storedClientNo: null, previousClientNo: null, loggedIn: false, search: '' };

describe('reading a path (spec §2)', () => {
  it('takes the clientNo from the last segment, lower-cased', () => {
    expect(matchPath('/about-us/DEMO')).toMatchObject({ clientNo: 'demo', route: { name: 'aboutUs' } });
    expect(matchPath('/Demo')).toMatchObject({ clientNo: 'demo', route: { name: 'home' } });
  });

  it('reads the clientNo as empty when the last segment is 404', () => {
    expect(matchPath('/404')).toMatchObject({ clientNo: '', route: { name: '404' } });
    expect(matchPath('/login/404')).toMatchObject({ clientNo: '', route: { name: 'login' } });
  });

  it('sees a bare route path as lacking its clientNo', () => {
    expect(matchPath('/login')).toMatchObject({ clientNo: null, route: { name: 'login' } });
    expect(matchPath('/')).toMatchObject({ clientNo: null, route: { name: 'home' } });
  });

  it('has every route of the table with its layout and a level from 0 to 3', () => {
    // The 51 routes of spec §2, apps and files (issue 14: the desktop's "app install, file upload and records"),
    // the template, clone and clone-record pages (issue 15), customer service (issue 24), sync control (issue 26)
    // and the ADB keys (issue 35).
    expect(ROUTES).toHaveLength(58);
    expect(ROUTES.find((r) => r.name === 'fileManager')).toMatchObject({ path: '/file-manager', layout: 'person' });
    expect(ROUTES.find((r) => r.name === 'phone-view')).toMatchObject({
      path: '/phone-view',
      layout: 'phone',
      level: 1,
    });
    expect(ROUTES.find((r) => r.name === 'paymentResult')).toMatchObject({ path: '/pay-result', layout: 'person' });
    for (const route of ROUTES) expect(route.level).toBeGreaterThanOrEqual(0);
    for (const route of ROUTES) expect(route.level).toBeLessThanOrEqual(3);
  });
});

describe('navigation rules (spec §2)', () => {
  it('appends a stored clientNo to a path that lacks it, keeping the query', () => {
    expect(decideNavigation('/about-us', { ...visitor, storedClientNo: 'demo', search: '?a=1' })).toEqual({
      kind: 'redirect',
      to: '/about-us/demo?a=1',
    });
    expect(decideNavigation('/', { ...visitor, storedClientNo: 'demo' })).toEqual({ kind: 'redirect', to: '/demo' });
  });

  it('saves the previous route’s clientNo and goes to login when none is stored', () => {
    expect(decideNavigation('/about-us', { ...visitor, previousClientNo: 'demo' })).toEqual({
      kind: 'redirect',
      to: '/login/demo',
      saveClientNo: 'demo',
    });
  });

  it('goes to /404 when there is no clientNo at all', () => {
    expect(decideNavigation('/about-us', visitor)).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideNavigation('/', visitor)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('lets download and the agreement pages skip the client lookup', () => {
    for (const path of ['/download', '/privacy-agreement', '/user-agreement', '/user-agreement/demo']) {
      expect(decideNavigation(path, visitor)).toMatchObject({ kind: 'render', clientLookup: false });
    }
  });

  it('cancels requests for a manifest file', () => {
    expect(isManifestRequest('/manifest.webmanifest')).toBe(true);
    expect(isManifestRequest('/demo/manifest.json')).toBe(true);
    expect(decideNavigation('/manifest.json', { ...visitor, storedClientNo: 'demo' })).toEqual({ kind: 'cancel' });
    expect(isManifestRequest('/demo')).toBe(false);
  });

  it('sends a logged-in user who opens login to home', () => {
    expect(decideNavigation('/login/demo', { ...visitor, loggedIn: true })).toEqual({ kind: 'redirect', to: '/demo' });
  });

  it('sends a user who just logged in to where they were headed, if that is a page of this app', () => {
    const loggedIn = { ...visitor, loggedIn: true };
    const headed = (to: string) => ({ ...loggedIn, search: `?redirect=${encodeURIComponent(to)}` });
    expect(decideNavigation('/login/demo', headed('/profile/demo?tab=1'))).toEqual({
      kind: 'redirect',
      to: '/profile/demo?tab=1',
    });
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/login/demo']) {
      expect(decideNavigation('/login/demo', headed(elsewhere))).toEqual({ kind: 'redirect', to: '/demo' });
    }
  });

  it('sends a user whose session ended on a page to plain login (spec §4)', () => {
    expect(decideNavigation('/profile/demo', { ...visitor, sessionEndedHere: true })).toEqual({
      kind: 'redirect',
      to: '/login/demo',
    });
  });

  it('sends a visitor to login from a page that needs an account, remembering where they were headed', () => {
    expect(decideNavigation('/order-list/demo', visitor)).toEqual({
      kind: 'redirect',
      to: `/login/demo?redirect=${encodeURIComponent('/order-list/demo')}`,
    });
  });

  it("lets a merchant app's one-time code sign the visitor in on the page it opens, instead of login", () => {
    expect(decideNavigation('/demo', { ...visitor, search: '?code=abc' })).toMatchObject({
      kind: 'render',
      clientLookup: true,
      signingIn: true,
      match: { route: { name: 'home' }, clientNo: 'demo' },
    });
  });

  it('shows an open page with a client lookup', () => {
    expect(decideNavigation('/login/demo', visitor)).toMatchObject({
      kind: 'render',
      clientLookup: true,
      match: { clientNo: 'demo' },
    });
  });

  it('shows the 404 page without a lookup', () => {
    expect(decideNavigation('/404', visitor)).toMatchObject({
      kind: 'render',
      clientLookup: false,
      match: { route: { name: '404' } },
    });
  });
});

describe('page transitions (spec §2)', () => {
  it('slides a higher level in from the left, a lower from the right, and equal levels not at all', () => {
    expect(transitionBetween(0, 1)).toBe('from-left');
    expect(transitionBetween(3, 1)).toBe('from-right');
    expect(transitionBetween(2, 2)).toBe('none');
    expect(transitionBetween(undefined, 2)).toBe('none');
  });
});

describe('purchase gating by the client function list (spec §6)', () => {
  // Renewing and upgrading are on throughout, but in the test of their own keys.
  const buttons: FunctionKey[] = ['renew_button', 'upgrade_button'];
  const neither = new Set<FunctionKey>(buttons);
  const onlyCode = new Set<FunctionKey>(['activation_code', ...buttons]);
  const onlyPurchase = new Set<FunctionKey>(['product_buy', ...buttons]);
  const both = new Set<FunctionKey>(['product_buy', 'activation_code', ...buttons]);
  const toActivationCode = { kind: 'redirect', route: 'activationCode', search: '' };
  const toRenewalByCode = { kind: 'redirect', route: 'activationCode', search: '?type=2' };

  it('cancels add-phone, the renewals and activation-code when neither function is on', () => {
    for (const route of ['addPhone', 'rechargePhone', 'rechargeSinglePhone', 'activationCode'])
      expect(purchaseGate(route, neither)).toEqual({ kind: 'cancel' });
  });

  it('sends add-phone to the activation code page when only activation code is on', () => {
    expect(purchaseGate('addPhone', onlyCode)).toEqual(toActivationCode);
  });

  it('sends the renewal pages to activation code with type 2 when only activation code is on', () => {
    expect(purchaseGate('rechargePhone', onlyCode)).toEqual(toRenewalByCode);
    expect(purchaseGate('rechargeSinglePhone', onlyCode)).toEqual(toRenewalByCode);
    expect(purchaseGate('activationCode', onlyCode)).toEqual({ kind: 'allow' });
  });

  it('sends activation-code to add-phone when only purchase is on', () => {
    expect(purchaseGate('activationCode', onlyPurchase)).toEqual({ kind: 'redirect', route: 'addPhone', search: '' });
    for (const route of ['addPhone', 'rechargePhone', 'rechargeSinglePhone'])
      expect(purchaseGate(route, onlyPurchase)).toEqual({ kind: 'allow' });
  });

  it('opens every purchase route when both are on, and leaves other routes alone', () => {
    for (const route of ['addPhone', 'rechargePhone', 'rechargeSinglePhone', 'activationCode'])
      expect(purchaseGate(route, both)).toEqual({ kind: 'allow' });
    expect(purchaseGate('orderList', neither)).toEqual({ kind: 'allow' });
  });

  it('cancels renewing and upgrading when their function key is off', () => {
    const noButtons = new Set<FunctionKey>(['product_buy', 'activation_code']);
    for (const route of ['rechargePhone', 'rechargeSinglePhone', 'upgradeSelectPhone', 'upgradePhone'])
      expect(purchaseGate(route, noButtons)).toEqual({ kind: 'cancel' });
    expect(purchaseGate('addPhone', noButtons)).toEqual({ kind: 'allow' });
  });

  it('counts only enabled entries, and both purchase functions before the list is known', () => {
    const entry = (key: FunctionKey, enable: boolean): ClientFunction => ({ key, name: key, props: {}, enable });
    expect([...enabledFunctions([entry('product_buy', false), entry('activation_code', true)])]).toEqual([
      'activation_code',
    ]);
    expect(enabledFunctions(null)).toEqual(new Set(['product_buy', 'activation_code']));
  });
});
