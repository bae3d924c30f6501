import type { FunctionKey } from '@cloudphone/contracts/client-functions';

/**
 * The route table of spec §2 as data: one place for every page's name, path, layout and level.
 * Every route takes the clientNo as its last path segment (`/login/demo`); home is `/{clientNo}`.
 */
export type LayoutKind = 'home' | 'person' | 'login' | 'code' | 'message' | 'phone' | 'buy' | 'device' | 'none';

export interface AppRoute {
  name: string;
  /** The path without the clientNo segment; home is `/`. */
  path: string;
  layout: LayoutKind;
  /** 0–3: a higher level slides in from the left, a lower from the right (spec §2). */
  level: number;
  /** Pages a visitor must be signed in for; others are open to anyone. */
  requiresLogin: boolean;
  /** Pages that do not look the client up (spec §2: download and the agreements). */
  skipClientLookup?: boolean;
  /** The client function that switches the page off (spec §3); opened while it is off, it says so. */
  needs?: FunctionKey;
}

/** Levels the spec leaves unstated: a page reached from a list sits one step deeper than the tabs. */
const DEFAULT_LEVEL = 2;

type RouteRow = [name: string, path: string, layout: LayoutKind, level?: number, open?: 'open' | 'skip-lookup'];

const rows: RouteRow[] = [
  ['home', '/', 'home', 0],
  ['404', '/404', 'none', 0, 'open'],
  ['aboutUs', '/about-us', 'person', 2, 'open'],
  ['activationCode', '/activation-code', 'person'],
  ['addCode', '/add-code', 'person'],
  ['addPhone', '/add-phone', 'none'],
  ['agreement', '/agreement', 'login', 3, 'open'],
  ['authorizationCode', '/authorization-code', 'person', 3],
  ['authorizationManager', '/authorization-manager', 'person'],
  ['authorizedDevice', '/authorized-device', 'person'],
  ['batchOperation', '/batch-operation', 'person'],
  ['cancelAccount', '/cancel-account', 'person'],
  ['changePhone', '/change-phone', 'person'],
  ['chooseDevice', '/choose-device', 'person'],
  // Templates and clones (issue 15): the spec names no paths for these.
  ['clone', '/clone', 'person'],
  ['cloneRecords', '/clone-records', 'person'],
  ['codeRecord', '/code-record', 'person'],
  ['discover', '/discover', 'home', 0],
  ['download', '/download', 'none', DEFAULT_LEVEL, 'skip-lookup'],
  ['fileManager', '/file-manager', 'person'],
  ['forgetPassword', '/forget-password', 'code', 2, 'open'],
  ['gameList', '/game-list', 'none'],
  ['homeGuide', '/home-guide', 'none', DEFAULT_LEVEL, 'open'],
  ['installPwa', '/install-pwa', 'none', DEFAULT_LEVEL, 'open'],
  ['login', '/login', 'login', 1, 'open'],
  ['manageGroup', '/manage-group', 'person'],
  ['messageCenter', '/message-center', 'person'],
  // Customer service (issue 24): the spec names the QR code view, not its path.
  ['customerService', '/customer-service', 'person'],
  // Sync control (issue 26): the spec names the desktop's sync management, not a path.
  ['syncControl', '/sync-control', 'person'],
  // ADB (issue 35): the account's keys; the spec names no path.
  ['adbKeys', '/adb-keys', 'person'],
  ['messageDetaile', '/message-detaile', 'message', 3],
  ['mobilePhoneBinding', '/mobile-phone-binding', 'person'],
  ['movePhoneToGroup', '/move-phone-to-group', 'person'],
  ['myCoupon', '/my-coupon', 'none'],
  ['newMachine', '/new-machine', 'person'],
  ['orderList', '/order-list', 'person'],
  ['passwordManager', '/password-manager', 'person'],
  ['paymentResult', '/pay-result', 'person'],
  ['payment', '/payment', 'person'],
  ['personalCenter', '/personal-center', 'person'],
  ['phoneGroupSetting', '/phone-group-setting', 'person'],
  ['phone-view', '/phone-view', 'phone', 1],
  ['phone-view-switch', '/phone-view-switch', 'phone', 1],
  ['privacyAgreement', '/privacy-agreement', 'phone', 3, 'skip-lookup'],
  ['profile', '/profile', 'home', 1],
  ['rechargePhone', '/recharge-phone', 'buy'],
  ['rechargeSinglePhone', '/recharge-single-phone', 'buy'],
  ['renewCode', '/renew-code', 'person'],
  ['sdkGuide', '/sdk-guide', 'none', DEFAULT_LEVEL, 'open'],
  ['singlePage', '/single-page', 'none', DEFAULT_LEVEL, 'open'],
  ['systemSetting', '/system-setting', 'person', DEFAULT_LEVEL, 'open'],
  ['templates', '/templates', 'person'],
  ['transferDevice', '/transfer-device', 'device'],
  ['transferList', '/transfer-list', 'person'],
  ['upgradePhone', '/upgrade-phone', 'buy'],
  ['upgradeSelectPhone', '/upgrade-select-phone', 'buy'],
  ['useAuthorizationCode', '/use-authorization-code', 'code'],
  ['userAgreement', '/user-agreement', 'phone', 1, 'skip-lookup'],
];

/**
 * Each switchable route's client function (spec §3), named once, as the desktop names its screens':
 * the shell shows the function-off page for a route whose switch is off (the purchase pages keep
 * spec §6's gate instead, lib/routing/navigation), and menus offer no way there.
 */
const SWITCHES: Readonly<Record<string, FunctionKey>> = {
  discover: 'discovery',
  gameList: 'discovery',
  transferDevice: 'transfer_button',
  transferList: 'transfer_button',
  newMachine: 'new_button',
  authorizationManager: 'auth_button',
  authorizationCode: 'auth_button',
  authorizedDevice: 'auth_button',
  useAuthorizationCode: 'auth_button',
  changePhone: 'change_button',
  chooseDevice: 'change_button',
  templates: 'template_button',
  clone: 'clone_button',
  cloneRecords: 'clone_button',
  adbKeys: 'connect_button',
  rechargePhone: 'renew_button',
  rechargeSinglePhone: 'renew_button',
  upgradeSelectPhone: 'upgrade_button',
  upgradePhone: 'upgrade_button',
};

export const ROUTES: readonly AppRoute[] = rows.map(([name, path, layout, level, open]) => ({
  name,
  path,
  layout,
  level: level ?? DEFAULT_LEVEL,
  requiresLogin: open === undefined,
  skipClientLookup: open === 'skip-lookup',
  ...(SWITCHES[name] && { needs: SWITCHES[name] }),
}));

const byName = new Map(ROUTES.map((r) => [r.name, r]));
const byPath = new Map(ROUTES.map((r) => [r.path, r]));

export function routeNamed(name: string): AppRoute {
  const route = byName.get(name);
  if (!route) throw new Error(`no route named ${name}`);
  return route;
}

export function routeAtPath(path: string): AppRoute | undefined {
  return byPath.get(path);
}

/** The URL of a page for a client, e.g. `pathFor('login', 'demo')` → `/login/demo`. */
export function pathFor(name: string, clientNo: string, search = ''): string {
  const route = routeNamed(name);
  const base = route.path === '/' ? '' : route.path;
  return `${base}/${clientNo}${search}`;
}
