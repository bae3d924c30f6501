import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { installAntdMobileRender } from '../lib/antd-mobile-render';
import { initI18n } from '../lib/i18n/index';

beforeAll(async () => {
  installAntdMobileRender();
  await initI18n('en-US');
});

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
  cleanup();
  localStorage.clear();
});
