import type { ComponentType } from 'react';
import { AppstoreOutline, LeftOutline, MoreOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { TAB_ICONS } from './tab-icons';

/**
 * The icons the first pages draw as they open: the tab bar, the phone view's bar and its virtual keys.
 * The rest of the set (icon-set.tsx, the one icon for each thing the app offers) comes in a file of
 * its own when a page first draws one of them: their drawings are ≈ 32 KB gzipped, which made them
 * most of the phone view's code (issue 28).
 */
export const FIRST_PAINT_ICONS = {
  ...TAB_ICONS,
  more: MoreOutline,
  // the phone's virtual keys: back, its home screen, the list of recent apps
  back: LeftOutline,
  launcher: AppstoreOutline,
  recents: UnorderedListOutline,
} satisfies Record<string, ComponentType>;
