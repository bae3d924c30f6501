import type { Messages } from './zh-CN';

/** The desktop's shop screens (issue 31). */
export const shop: Messages['desktop']['shop'] = {
  placeholder: 'Coming soon',
};
