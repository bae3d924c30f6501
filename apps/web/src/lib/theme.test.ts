import { describe, expect, it } from 'vitest';
import { applyTheme } from './theme';
import { detectInAppBrowser } from './in-app-browser';
import { sanitizeHtml } from './sanitize-html';

describe('themes (spec §9)', () => {
  it('puts the default theme on the root as CSS variables', () => {
    applyTheme('default');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--cp-base-color')).toBe('rgba(80, 96, 255, 0.9)');
    expect(style.getPropertyValue('--cp-button-radius')).toBe('4px');
    expect(style.getPropertyValue('--cp-border-color')).toBe('#045DF9');
  });

  it('puts the tenant theme with its background image and 12px radius', () => {
    applyTheme('tenant100');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--cp-base-color')).toBe('#1C4E42');
    expect(style.getPropertyValue('--cp-button-radius')).toBe('12px');
    expect(style.getPropertyValue('--cp-background-image')).toContain('tenant100-background');
    expect(document.documentElement.dataset.theme).toBe('tenant100');
  });
});

describe('in-app browsers (spec §1)', () => {
  it('recognises WeChat and Alipay by user agent', () => {
    expect(detectInAppBrowser('Mozilla/5.0 (iPhone) MicroMessenger/8.0.49')).toBe('wechat');
    expect(detectInAppBrowser('Mozilla/5.0 (Linux; Android 14) AlipayClient/10.5')).toBe('alipay');
    expect(detectInAppBrowser('Mozilla/5.0 Chrome/126')).toBeNull();
  });
});

describe('merchant HTML', () => {
  it('drops scripts and event handlers but keeps the text', () => {
    const clean = sanitizeHtml('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:x">l</a>');
    expect(clean).toBe('<p>Hi</p><a>l</a>');
  });
});
