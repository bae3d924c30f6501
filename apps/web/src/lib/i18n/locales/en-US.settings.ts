import type { Messages } from './zh-CN';

/** System settings' texts: the language and the mobile data saver (issue 58). */
export const settings: Messages['settings'] = {
  language: 'Language',
  languageZh: '简体中文',
  languageEn: 'English',
  dataSaver: {
    title: 'Mobile data saver',
    hint: '"Auto" never streams a phone above this. Phones opened from now on follow it.',
    tenantDefault: 'The merchant’s default',
    none: 'No limit',
    mbps: '{{mbps}} Mbps',
    kbps: '{{kbps}} kbps',
  },
};
