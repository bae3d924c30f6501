import { AppOutline, CompassOutline, UserOutline } from 'antd-mobile-icons';

/**
 * The tab bar's icons, apart from the rest of the set (components/icons.tsx takes them from here): the
 * tab bar is in the entry script, which must not carry every icon of the app (issue 10 §6 budget).
 */
export const TAB_ICONS = { home: AppOutline, discover: CompassOutline, profile: UserOutline };
