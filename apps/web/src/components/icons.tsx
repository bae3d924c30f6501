import { lazy, Suspense, type ComponentType } from 'react';
import { AppstoreOutline, LeftOutline, MoreOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { IconName } from './icon-set';
import { TAB_ICONS } from './tab-icons';

export type { IconName } from './icon-set';

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

type Pictures = Record<IconName, ComponentType>;
/** The whole set once its file has arrived: icons are then drawn at once, with no placeholder. */
let loaded: Pictures | null = null;

const LaterIcon = lazy(async () => {
  const { ICONS } = await import('./icon-set');
  loaded = ICONS;
  return { default: ({ name, className }: IconProps) => <Picture of={ICONS[name]} className={className} /> };
});

interface IconProps {
  name: IconName;
  className?: string;
}

/** A thing's icon, sized by the surrounding font size; decorative (the label says what it is). */
export function Icon({ name, className }: IconProps) {
  const picture = (FIRST_PAINT_ICONS as Partial<Pictures>)[name] ?? loaded?.[name];
  if (picture) return <Picture of={picture} className={className} />;
  // Until the set arrives, an empty icon of the same size holds its place.
  return (
    <Suspense fallback={<span className={className} aria-hidden style={{ display: 'inline-block', width: '1em' }} />}>
      <LaterIcon name={name} className={className} />
    </Suspense>
  );
}

function Picture({ of: Drawing, className }: { of: ComponentType; className?: string }) {
  return (
    <span className={className} aria-hidden>
      <Drawing />
    </span>
  );
}
