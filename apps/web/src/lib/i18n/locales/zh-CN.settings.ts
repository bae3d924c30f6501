/** System settings' texts: the language and the mobile data saver (issue 58). */
export const settings = {
  language: '语言',
  languageZh: '简体中文',
  languageEn: 'English',
  dataSaver: {
    title: '流量节省',
    hint: '“自动”画质的码率不会超过此值，之后打开的云手机生效。',
    tenantDefault: '商户默认',
    none: '不限制',
    mbps: '{{mbps}} Mbps',
    kbps: '{{kbps}} kbps',
  },
};
