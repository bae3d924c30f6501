/**
 * Tenant themes (spec §9). Each theme is a set of CSS variables put on the document root;
 * components read only the variables, never a theme name.
 */
export const THEME_NAMES = ['default', 'tenant100'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface Theme {
  baseColor: string;
  buttonRadius: string;
  borderColor: string;
  backgroundImage: string;
  inputBackground: string;
  phoneSettingBackground: string;
  groupSettingCountColor: string;
  groupCheckedBackground: string;
  personalCenterValueColor: string;
  passwordManagerPhoneColor: string;
  groupBatchBackground: string;
}

export const THEMES: Record<ThemeName, Theme> = {
  default: {
    baseColor: 'rgba(80, 96, 255, 0.9)',
    buttonRadius: '4px',
    borderColor: '#045DF9',
    backgroundImage: 'none',
    inputBackground: '#F5F6FA',
    phoneSettingBackground: '#FFFFFF',
    groupSettingCountColor: '#5060FF',
    groupCheckedBackground: 'rgba(80, 96, 255, 0.1)',
    personalCenterValueColor: '#8A8FA3',
    passwordManagerPhoneColor: '#5060FF',
    groupBatchBackground: '#EEF0FF',
  },
  tenant100: {
    baseColor: '#1C4E42',
    buttonRadius: '12px',
    borderColor: '#1C4E42',
    backgroundImage: 'url("/app/themes/tenant100-background.svg")',
    inputBackground: '#EEF4F2',
    phoneSettingBackground: '#F4F8F7',
    groupSettingCountColor: '#1C4E42',
    groupCheckedBackground: 'rgba(28, 78, 66, 0.12)',
    personalCenterValueColor: '#5E7A72',
    passwordManagerPhoneColor: '#1C4E42',
    groupBatchBackground: '#E3EEEA',
  },
};

/** CSS variable name of each theme key: `baseColor` → `--cp-base-color`. */
export function themeVariable(key: keyof Theme): string {
  return `--cp-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The CSS variables a theme puts on the document root, antd-mobile's primary colour included: the
 * web app sets them, and the server writes them into a page's HTML so it paints in the client's
 * colours before any script has run (issue 28).
 */
export function themeDeclarations(name: ThemeName): [property: string, value: string][] {
  const theme = THEMES[name] ?? THEMES.default;
  return [
    ...(Object.keys(theme) as (keyof Theme)[]).map((key): [string, string] => [themeVariable(key), theme[key]]),
    ['--adm-color-primary', theme.baseColor],
  ];
}

/** Tenant 100 maps to the theme named after it, and sets the AI-mode flag (spec §4). */
export const AI_MODE_TENANT_ID = 100;
export function themeForTenant(tenantId: number): ThemeName {
  return tenantId === AI_MODE_TENANT_ID ? 'tenant100' : 'default';
}
