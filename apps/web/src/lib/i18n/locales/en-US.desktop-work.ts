import type { Messages } from './zh-CN';

/** The desktop's work screens (issue 31). */
export const work: Messages['desktop']['work'] = {
  placeholder: 'Coming soon',
};
