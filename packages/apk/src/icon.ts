import { readManifest, type ManifestValue } from './manifest';
import type { ResourceTable, ResourceValue } from './resource-table';

type Entries = Map<string, () => Buffer>;

/** Densities of no real screen: any (0xfffe) and none (0xffff) are no sharper than the default. */
const sharpness = (density: number) => (density >= 0xfffe ? 0 : density);
const BITMAP = /\.(png|webp|jpe?g)$/i;
const MIME: Record<string, string> = { png: 'image/png', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/**
 * A package's launcher icon as a picture (issue 22): an adaptive icon (Android 8+) as its foreground
 * over its background, cut to the part a launcher shows, as an SVG data URL; otherwise the densest
 * bitmap among the density-qualified ones. Null when the package has none either way.
 */
export function readIcon(icon: ManifestValue | undefined, table: ResourceTable | undefined, entries: Entries) {
  if (icon?.kind === 'string') return bitmapOf([{ kind: 'file', path: icon.value, density: 0, sdk: 0 }], entries);
  if (icon?.kind !== 'reference' || !table) return null;
  const values = table.valuesOf(icon.id);
  const adaptive = values
    .filter((v) => v.kind === 'file' && v.path.endsWith('.xml'))
    .sort((a, b) => b.sdk - a.sdk)
    .map((v) => (v.kind === 'file' ? adaptiveIcon(entries.get(v.path), table, entries) : null))
    .find(Boolean);
  return adaptive ?? bitmapOf(values, entries);
}

/** The sharpest bitmap among a resource's configurations, as a data URL. */
function bitmapOf(values: readonly ResourceValue[], entries: Entries): string | null {
  const best = values
    .filter(
      (v): v is ResourceValue & { kind: 'file' } => v.kind === 'file' && BITMAP.test(v.path) && entries.has(v.path),
    )
    .sort((a, b) => sharpness(b.density) - sharpness(a.density))[0];
  if (!best) return null;
  const type = MIME[best.path.slice(best.path.lastIndexOf('.') + 1).toLowerCase()] ?? 'image/png';
  return `data:${type};base64,${entries.get(best.path)!().toString('base64')}`;
}

/**
 * `<adaptive-icon>`: two 108 dp layers, of which a launcher shows the middle 72 dp. A layer is a
 * colour or a bitmap (a vector layer is not drawn: the icon then falls back to a bitmap).
 */
function adaptiveIcon(xml: (() => Buffer) | undefined, table: ResourceTable, entries: Entries): string | null {
  if (!xml) return null;
  const elements = readManifest(xml());
  if (elements[0]?.name !== 'adaptive-icon') return null;
  const layer = (name: string) => {
    const drawable = elements.find((e) => e.name === name)?.attributes.get('drawable');
    if (drawable?.kind !== 'reference') return null;
    const values = table.valuesOf(drawable.id);
    const color = values.find((v) => v.kind === 'color');
    if (color?.kind === 'color') return `<rect width="108" height="108" fill="${svgColor(color.color)}"/>`;
    const bitmap = bitmapOf(values, entries);
    return bitmap && `<image width="108" height="108" href="${bitmap}"/>`;
  };
  const background = layer('background');
  const foreground = layer('foreground');
  if (!background && !foreground) return null;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="108" height="108" viewBox="18 18 72 72">` +
    `${background ?? ''}${foreground ?? ''}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** `#aarrggbb` as SVG writes it: `#rrggbb` with its opacity. */
function svgColor(argb: string): string {
  const alpha = parseInt(argb.slice(1, 3), 16) / 255;
  const rgb = `#${argb.slice(3)}`;
  return alpha >= 1 ? rgb : `${rgb}" fill-opacity="${alpha.toFixed(3)}`;
}
