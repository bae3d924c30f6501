import type { Messages } from './zh-CN';

/** The desktop's people screens (issue 31). */
export const people: Messages['desktop']['people'] = {
  placeholder: 'Coming soon',
};
