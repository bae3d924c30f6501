import type { Messages } from './zh-CN';

/** The desktop's shop screens (issue 31). */
export const shop: Messages['desktop']['shop'] = {
  total: '{{count}} in all',
  actions: 'Actions',
  pay: { title: 'Pay for the order' },
  result: { toPhones: 'See my phones' },
  orders: { details: 'Details', detailTitle: 'Order details', history: 'History' },
  codes: { code: 'Code', state: 'State', usedTime: 'Used', phones: 'Phones' },
  coupons: { redeemTitle: 'Redeem code' },
};
