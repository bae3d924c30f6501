import { THEMES, themeVariable, type Theme, type ThemeName } from '@cloudphone/contracts/theme';

/**
 * Puts a tenant theme on the document root as CSS variables (and maps them onto antd-mobile's own),
 * so no component ever branches on the theme name.
 */
export function applyTheme(name: ThemeName, root: HTMLElement = document.documentElement): void {
  const theme = THEMES[name] ?? THEMES.default;
  for (const key of Object.keys(theme) as (keyof Theme)[]) root.style.setProperty(themeVariable(key), theme[key]);
  root.style.setProperty('--adm-color-primary', theme.baseColor);
  root.dataset.theme = name;
}
