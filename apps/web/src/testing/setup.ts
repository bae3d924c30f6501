import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n/index';

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  localStorage.clear();
});
