import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FunctionKey } from '@cloudphone/contracts/client-functions';
import { DESKTOP_SCREENS, type DesktopScreenKey } from '@cloudphone/contracts/desktop';

/** Where a screen sits in the desktop's side menu. */
export type ScreenGroup = 'phones' | 'shop' | 'help';

export interface DesktopScreen {
  /** Its path segment (`/{key}/{clientNo}`) and its label's key under `desktop.menu`. */
  key: DesktopScreenKey;
  group: ScreenGroup;
  page: LazyExoticComponent<ComponentType>;
  /** Hidden from the menu, and refused, while the client has this function off (spec §3). */
  needs?: FunctionKey;
  /** Alt + this key opens the screen (Ctrl's letters belong to the browser); the menu shows it. */
  shortcut?: string;
}

type ScreenEntry = Omit<DesktopScreen, 'key'>;

const screen = (
  group: ScreenGroup,
  load: () => Promise<{ default: ComponentType }>,
  more: Pick<DesktopScreen, 'needs' | 'shortcut'> = {},
): ScreenEntry => ({ group, page: lazy(load), ...more });

/**
 * How each of the contracts' desktop screens is drawn: one entry per key, which TypeScript holds to
 * (a key missing or unknown does not compile). Each loads on demand and is drawn with antd over the
 * same feature hooks and stores as the phone app's pages.
 */
const SCREEN_ENTRIES: Record<DesktopScreenKey, ScreenEntry> = {
  files: screen('phones', () => import('./screens/work/FilesScreen'), { shortcut: 'U' }),
  sync: screen('phones', () => import('./screens/sync/SyncScreen'), { shortcut: 'Y' }),
  transfer: screen('phones', () => import('./screens/people/TransferScreen'), { needs: 'transfer_button' }),
  grants: screen('phones', () => import('./screens/people/GrantsScreen'), { needs: 'auth_button' }),
  clone: screen('phones', () => import('./screens/work/CloneScreen'), { needs: 'clone_button' }),
  newMachine: screen('phones', () => import('./screens/work/NewMachineScreen'), { needs: 'new_button' }),
  replacement: screen('phones', () => import('./screens/work/ReplacementScreen'), { needs: 'change_button' }),
  clipboard: screen('phones', () => import('./screens/people/ClipboardScreen'), { shortcut: 'B' }),
  buy: screen('shop', () => import('./screens/shop/BuyScreen'), { needs: 'product_buy', shortcut: 'N' }),
  renew: screen('shop', () => import('./screens/shop/RenewScreen'), { needs: 'renew_button', shortcut: 'R' }),
  upgrade: screen('shop', () => import('./screens/shop/UpgradeScreen'), { needs: 'upgrade_button' }),
  orders: screen('shop', () => import('./screens/shop/OrdersScreen'), { shortcut: 'O' }),
  codes: screen('shop', () => import('./screens/shop/CodesScreen'), { needs: 'activation_code' }),
  coupons: screen('shop', () => import('./screens/shop/CouponsScreen')),
  messages: screen('help', () => import('./screens/people/MessagesScreen'), { shortcut: 'M' }),
  sdkGuide: screen('help', () => import('./screens/people/SdkGuideScreen')),
  settings: screen('help', () => import('./pages/SettingsPage').then((m) => ({ default: m.SettingsPage })), {
    shortcut: 'S',
  }),
  about: screen('help', () => import('./pages/AboutPage').then((m) => ({ default: m.AboutPage }))),
};

/** The desktop's screens beside the phone list, in the contracts' order (spec §2's desktop list), the menu's. */
export const SCREENS: readonly DesktopScreen[] = DESKTOP_SCREENS.map((key) => ({ key, ...SCREEN_ENTRIES[key] }));

/** The phone list's own shortcut. */
export const PHONE_LIST_SHORTCUT = 'P';

/** The shortcut's text as menus show it. */
export const shortcutLabel = (key: string) => `Alt+${key}`;
