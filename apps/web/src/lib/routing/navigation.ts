import type { FunctionKey } from '@cloudphone/contracts/client-functions';
import { routeAtPath, routeNamed, pathFor, type AppRoute } from './route-table';

/** Where a path points: the page, and the clientNo in its last segment (null when the path lacks one). */
export interface RouteMatch {
  route: AppRoute;
  clientNo: string | null;
  /** The path without the clientNo segment. */
  basePath: string;
}

const MANIFEST = /(^|\/)[^/]*manifest[^/]*\.(json|webmanifest)$/i;

/** True for a manifest file request, which the router cancels (spec §2). */
export function isManifestRequest(pathname: string): boolean {
  return MANIFEST.test(pathname);
}

/**
 * Reads a path (without the /app base). A path that is exactly a route's own path lacks its clientNo;
 * otherwise the last segment is the clientNo, lower-cased, and empty when it is `404` (spec §2).
 */
export function matchPath(pathname: string): RouteMatch {
  const segments = pathname.split('/').filter(Boolean);
  const whole = `/${segments.join('/')}`;
  const exact = routeAtPath(whole);
  if (exact && exact.name !== '404') return { route: exact, clientNo: null, basePath: whole };

  const last = segments.at(-1) ?? '';
  const clientNo = last === '404' ? '' : last.toLowerCase();
  if (segments.length <= 1) {
    const route = last === '404' ? routeNamed('404') : routeNamed('home');
    return { route, clientNo: segments.length === 0 ? null : clientNo, basePath: route.path };
  }
  const basePath = `/${segments.slice(0, -1).join('/')}`;
  const route = routeAtPath(basePath) ?? routeNamed('404');
  return { route, clientNo, basePath };
}

export interface NavigationState {
  storedClientNo: string | null;
  /** The clientNo of the route the user came from, if it had one. */
  previousClientNo: string | null;
  loggedIn: boolean;
  /** The query string with its `?`, kept across redirects. */
  search: string;
  /**
   * The session ended while this very page was showing (logout, expired login): the user goes to
   * plain /login (spec §4) instead of being asked to come back here.
   */
  sessionEndedHere?: boolean;
}

/**
 * Where login sends the user: the `redirect` query parameter when it is a path of this app, else home.
 * Anything else (another origin, a protocol-relative URL) is ignored.
 */
export function afterLoginPath(search: string, clientNo: string): string {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  const ours = target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
  if (ours && matchPath(target.split('?')[0] ?? '').route.name !== 'login') return target;
  return `/${clientNo}`;
}

export type NavigationDecision =
  | { kind: 'cancel' }
  | { kind: 'redirect'; to: string; saveClientNo?: string }
  | {
      kind: 'render';
      match: RouteMatch;
      clientLookup: boolean;
      /** A merchant's app opened the page with a one-time `code` (spec §3): the look-up signs in with it first. */
      signingIn?: boolean;
    };

/** The navigation rules of spec §2, in order. A pure function, so each rule has its own test. */
export function decideNavigation(pathname: string, state: NavigationState): NavigationDecision {
  if (isManifestRequest(pathname)) return { kind: 'cancel' };
  const match = matchPath(pathname);
  const { route, clientNo } = match;

  if (route.skipClientLookup) return { kind: 'render', match, clientLookup: false };

  if (clientNo === null) {
    const to = (no: string) => (route.name === 'home' ? `/${no}` : `${match.basePath}/${no}`) + state.search;
    if (state.storedClientNo) return { kind: 'redirect', to: to(state.storedClientNo) };
    if (state.previousClientNo) {
      return { kind: 'redirect', to: pathFor('login', state.previousClientNo), saveClientNo: state.previousClientNo };
    }
    return { kind: 'redirect', to: '/404' };
  }

  if (route.name === '404' || clientNo === '')
    return { kind: 'render', match: { ...match, route: routeNamed('404') }, clientLookup: false };

  if (route.name === 'login' && state.loggedIn) return { kind: 'redirect', to: afterLoginPath(state.search, clientNo) };
  if (route.requiresLogin && !state.loggedIn) {
    if (new URLSearchParams(state.search).has('code'))
      return { kind: 'render', match, clientLookup: true, signingIn: true };
    if (state.sessionEndedHere) return { kind: 'redirect', to: pathFor('login', clientNo) };
    const back = encodeURIComponent(pathname + state.search);
    return { kind: 'redirect', to: pathFor('login', clientNo, `?redirect=${back}`) };
  }
  return { kind: 'render', match, clientLookup: true };
}

export type Transition = 'from-left' | 'from-right' | 'none';

/** A higher level slides in from the left, a lower level from the right, equal levels have none. */
export function transitionBetween(fromLevel: number | undefined, toLevel: number): Transition {
  if (fromLevel === undefined || fromLevel === toLevel) return 'none';
  return toLevel > fromLevel ? 'from-left' : 'from-right';
}

/** What opening a purchase route comes to: the page, staying where the user was, or another page. */
export type PurchaseGate =
  { kind: 'allow' } | { kind: 'cancel' } | { kind: 'redirect'; route: 'activationCode' | 'addPhone'; search: string };

const RENEWAL_ROUTES = ['rechargePhone', 'rechargeSinglePhone'];
/** The purchase pages of spec §6, which its gating table rules, not the function-off page. */
const PURCHASE_ROUTES = new Set([
  'addPhone',
  'activationCode',
  ...RENEWAL_ROUTES,
  'upgradeSelectPhone',
  'upgradePhone',
]);

/** Whether spec §6's gating table rules the route (the page wraps itself in PurchaseGate). */
export const isPurchaseRoute = (routeName: string) => PURCHASE_ROUTES.has(routeName);

/**
 * The gating table of spec §6: product purchase and activation code decide whether add-phone,
 * recharge-phone, recharge-single-phone and activation-code open, lead to the other way of getting
 * phones, or are cancelled; renewing and upgrading are also cancelled when their function key is
 * off. Other routes are not gated here.
 */
export function purchaseGate(routeName: string, enabled: ReadonlySet<FunctionKey>): PurchaseGate {
  // Renewing and upgrading are also cancelled when their route's switch is off.
  const switchedBy = isPurchaseRoute(routeName) ? routeNamed(routeName).needs : undefined;
  if (switchedBy && !enabled.has(switchedBy)) return { kind: 'cancel' };
  const purchase = enabled.has('product_buy');
  const code = enabled.has('activation_code');
  const gated = routeName === 'addPhone' || routeName === 'activationCode' || RENEWAL_ROUTES.includes(routeName);
  if (!gated) return { kind: 'allow' };
  if (!purchase && !code) return { kind: 'cancel' };
  if (routeName === 'activationCode')
    return code ? { kind: 'allow' } : { kind: 'redirect', route: 'addPhone', search: '' };
  if (purchase) return { kind: 'allow' };
  // Renewing by code: type 2 opens the activation-code page on renewal.
  return { kind: 'redirect', route: 'activationCode', search: routeName === 'addPhone' ? '' : '?type=2' };
}
