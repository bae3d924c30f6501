import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Order } from '@cloudphone/contracts/commerce';
import { orderFacts, orderedWhat } from './order-facts';

const order: Order = {
  orderNo: 'CP1',
  skuType: 'buy',
  gradeId: 1,
  gradeName: 'Standard',
  packageId: 2,
  packageName: 'Standard · 3d',
  deviceCount: 2,
  durationDays: 3,
  originalPriceCents: 600,
  discountCents: 0,
  payPriceCents: 600,
  couponId: null,
  status: 'to_pay',
  payResult: 'pending',
  payType: null,
  payTime: null,
  remark: '',
  createTime: Date.UTC(2026, 0, 10),
  payDeadline: Date.UTC(2026, 0, 10, 0, 15),
  userPhoneIds: [],
  history: [],
};

describe('what an order shows (spec §3)', () => {
  const t = i18next.t;
  const keys = (o: Order) => orderFacts(o, t).map((f) => f.key);

  it('leaves out the discount, the payment and the remark an order has not got', () => {
    expect(keys(order)).toEqual(['orderNo', 'sku', 'package', 'devices', 'duration', 'price', 'status', 'createTime']);
  });

  it('shows the price before the discount, and how and when it was paid', () => {
    const paid = {
      ...order,
      discountCents: 100,
      payPriceCents: 500,
      payType: 'wechat' as const,
      payTime: 1,
      remark: 'r',
    };
    const facts = orderFacts(paid, t);
    expect(facts.find((f) => f.key === 'original')?.value).toBe('¥6.00 - ¥1.00');
    expect(facts.find((f) => f.key === 'payType')?.value).toBe('WeChat Pay');
    expect(keys(paid)).toContain('payTime');
    expect(keys(paid)).toContain('remark');
  });

  it('names an upgrade, which has no package, by its grade', () => {
    expect(orderedWhat(order)).toBe('Standard · 3d');
    expect(orderedWhat({ ...order, skuType: 'upgrade', packageId: null, packageName: '' })).toBe('Standard');
  });
});
