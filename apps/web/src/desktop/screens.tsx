import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FunctionKey } from '@cloudphone/contracts/client-functions';
import type { DesktopScreenKey } from '@cloudphone/contracts/desktop';

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

const screen = (
  key: DesktopScreenKey,
  group: ScreenGroup,
  load: () => Promise<{ default: ComponentType }>,
  more: Pick<DesktopScreen, 'needs' | 'shortcut'> = {},
): DesktopScreen => ({ key, group, page: lazy(load), ...more });

/**
 * The desktop's screens beside the phone list (spec §2's desktop list), in menu order. Each loads on
 * demand and is drawn with antd over the same feature hooks and stores as the phone app's pages.
 */
export const SCREENS: readonly DesktopScreen[] = [
  screen('files', 'phones', () => import('./screens/work/FilesScreen'), { shortcut: 'U' }),
  screen('sync', 'phones', () => import('./screens/sync/SyncScreen'), { shortcut: 'Y' }),
  screen('transfer', 'phones', () => import('./screens/people/TransferScreen'), { needs: 'transfer_button' }),
  screen('grants', 'phones', () => import('./screens/people/GrantsScreen'), { needs: 'auth_button' }),
  screen('clone', 'phones', () => import('./screens/work/CloneScreen'), { needs: 'clone_button' }),
  screen('newMachine', 'phones', () => import('./screens/work/NewMachineScreen'), { needs: 'new_button' }),
  screen('replacement', 'phones', () => import('./screens/work/ReplacementScreen'), { needs: 'change_button' }),
  screen('clipboard', 'phones', () => import('./screens/people/ClipboardScreen'), { shortcut: 'B' }),
  screen('buy', 'shop', () => import('./screens/shop/BuyScreen'), { needs: 'product_buy', shortcut: 'N' }),
  screen('renew', 'shop', () => import('./screens/shop/RenewScreen'), { needs: 'renew_button', shortcut: 'R' }),
  screen('upgrade', 'shop', () => import('./screens/shop/UpgradeScreen'), { needs: 'upgrade_button' }),
  screen('orders', 'shop', () => import('./screens/shop/OrdersScreen'), { shortcut: 'O' }),
  screen('codes', 'shop', () => import('./screens/shop/CodesScreen'), { needs: 'activation_code' }),
  screen('coupons', 'shop', () => import('./screens/shop/CouponsScreen')),
  screen('messages', 'help', () => import('./screens/people/MessagesScreen'), { shortcut: 'M' }),
  screen('sdkGuide', 'help', () => import('./screens/people/SdkGuideScreen')),
  screen('settings', 'help', () => import('./pages/SettingsPage').then((m) => ({ default: m.SettingsPage })), {
    shortcut: 'S',
  }),
  screen('about', 'help', () => import('./pages/AboutPage').then((m) => ({ default: m.AboutPage }))),
];

/** The phone list's own shortcut. */
export const PHONE_LIST_SHORTCUT = 'P';

/** The shortcut's text as menus show it. */
export const shortcutLabel = (key: string) => `Alt+${key}`;
