const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

// Order matters: in-app browsers and Edge also say "Chrome" or "Safari".
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/, 'WeChat'],
  [/AlipayClient/, 'Alipay'],
  [/EdgA?\/|EdgiOS/, 'Edge'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/Chrome|CriOS/, 'Chrome'],
  [/Safari/, 'Safari'],
];

/** A short name for a login device from its user agent, e.g. `Chrome · Android`; null when unknown. */
export function deviceName(userAgent: string): string | null {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || null;
}
