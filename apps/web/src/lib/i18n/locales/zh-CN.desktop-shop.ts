/** The desktop's shop screens (issue 31). */
export const shop = {
  total: '共 {{count}} 条',
  actions: '操作',
  pay: { title: '支付订单' },
  result: { toPhones: '查看我的云手机' },
  orders: { details: '详情', detailTitle: '订单详情', history: '订单记录' },
  codes: { code: '激活码', state: '状态', usedTime: '使用时间', phones: '云手机' },
  coupons: { redeemTitle: '兑换码' },
} as const;
