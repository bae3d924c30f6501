import { themeDeclarations, type ThemeName } from '@cloudphone/contracts/theme';

/**
 * Puts a tenant theme on the document root as CSS variables (and maps them onto antd-mobile's own),
 * so no component ever branches on the theme name.
 */
export function applyTheme(name: ThemeName, root: HTMLElement = document.documentElement): void {
  for (const [property, value] of themeDeclarations(name)) root.style.setProperty(property, value);
  root.dataset.theme = name;
}
