import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name';

describe('login device names', () => {
  it('names the browser and the system of a user agent', () => {
    const androidChrome =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    expect(deviceName(androidChrome)).toBe('Chrome · Android');
    const wechat =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
    expect(deviceName(wechat)).toBe('WeChat · iPhone');
  });

  it('says nothing for an agent it cannot read', () => {
    expect(deviceName('curl/8.5.0')).toBeNull();
  });
});
