import { lazy, Suspense, type ComponentType } from 'react';
import type { IconName } from './icon-set';
import { FIRST_PAINT_ICONS } from './first-paint-icons';

export type { IconName } from './icon-set';

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
