import { COMMERCE_CONFIG_KEYS } from '@cloudphone/contracts/commerce';
import { type CouponSpec } from '@cloudphone/contracts/promotion';
import type { Repositories } from '../repositories/index';

/** Price of a day of each demo grade, in cents, and its stock (null: unlimited; 0: purchases wait). */
const PRICING: Record<string, { dayPriceCents: number; stock: number | null }> = {
  standard: { dayPriceCents: 100, stock: null },
  advanced: { dayPriceCents: 200, stock: 20 },
  flagship: { dayPriceCents: 400, stock: 0 },
};

/** Packages of every grade: days and what they cost in days' prices (longer is cheaper per day). */
const DURATIONS = [
  { days: 1, priceInDays: 1.2 },
  { days: 3, priceInDays: 3 },
  { days: 7, priceInDays: 6 },
  { days: 30, priceInDays: 24 },
];

export const DEMO_COUPONS: CouponSpec[] = [
  {
    kind: 'cash',
    name: { 'zh-CN': '满 ¥10 减 ¥5', 'en-US': '¥5 off orders from ¥10' },
    amountCents: 500,
    minAmountCents: 1000,
  },
  {
    kind: 'discount',
    name: { 'zh-CN': '八折，最高减 ¥10', 'en-US': '20% off, up to ¥10' },
    ratePercent: 80,
    maxDiscountCents: 1000,
  },
  { kind: 'extension', name: { 'zh-CN': '延长 3 天', 'en-US': '+3 days' }, extensionDays: 3 },
  {
    kind: 'cash',
    name: { 'zh-CN': '减 ¥2（下周起可用）', 'en-US': '¥2 off (from next week)' },
    amountCents: 200,
    startsAfterDays: 7,
  },
];

const GIFT_BAG: CouponSpec[] = [
  { kind: 'cash', name: { 'zh-CN': '新人礼：减 ¥3', 'en-US': 'Welcome: ¥3 off' }, amountCents: 300 },
  { kind: 'extension', name: { 'zh-CN': '新人礼：延长 1 天', 'en-US': 'Welcome: +1 day' }, extensionDays: 1 },
];

/** Activation codes a newcomer can try (single use; the admin CLI makes more with codes:generate). */
export const DEMO_ACTIVATION_CODES = { purchase: 'DemoBuyPhone', renewal: 'DemoRenewal7' } as const;

/** A redeem code the demo tenant hands out (either case works). */
export const DEMO_REDEEM_CODE = 'WELCOME2026CLOUD';

/** The demo tenant's catalogue: prices, stock, packages (with a trial), gift bag and a redeem code. */
export async function seedDemoCommerce(repos: Repositories, tenantId: number, now: number): Promise<void> {
  for (const grade of await repos.catalogue.grades(tenantId)) {
    const pricing = PRICING[grade.code];
    if (!pricing) continue;
    await repos.catalogue.setPricing(grade.gradeId, pricing);
    for (const { days, priceInDays } of DURATIONS) {
      await repos.catalogue.createPackage({
        tenantId,
        gradeId: grade.gradeId,
        name: { 'zh-CN': `${grade.name['zh-CN']} · ${days} 天`, 'en-US': `${grade.name['en-US']} · ${days}d` },
        durationDays: days,
        priceCents: Math.round(pricing.dayPriceCents * priceInDays),
        usage: 'both',
        trial: false,
      });
    }
    if (grade.code === 'standard') {
      await repos.catalogue.createPackage({
        tenantId,
        gradeId: grade.gradeId,
        name: { 'zh-CN': `${grade.name['zh-CN']} · 试用`, 'en-US': `${grade.name['en-US']} · trial` },
        durationDays: 1,
        priceCents: 10,
        usage: 'buy',
        trial: true,
      });
    }
  }
  const packages = await repos.catalogue.packages(tenantId);
  const standard = await repos.catalogue.gradeByCode(tenantId, 'standard');
  const standardOf = (days: number) =>
    packages.find((p) => p.gradeId === standard?.gradeId && p.durationDays === days && !p.trial);
  for (const [code, usage, days] of [
    [DEMO_ACTIVATION_CODES.purchase, 'buy', 3],
    [DEMO_ACTIVATION_CODES.renewal, 'renew', 7],
  ] as const) {
    const pkg = standardOf(days);
    if (pkg)
      await repos.activationCodes.create([code], {
        tenantId,
        packageId: pkg.packageId,
        usage,
        validUntil: now + 365 * 86_400_000,
        batchNo: 'demo',
        at: now,
      });
  }
  await repos.config.setTenantValue(tenantId, COMMERCE_CONFIG_KEYS.giftBag, JSON.stringify(GIFT_BAG));
  await repos.redeemCodes.create([DEMO_REDEEM_CODE], {
    tenantId,
    coupons: [{ kind: 'discount', name: { 'zh-CN': '兑换礼：九折', 'en-US': 'Redeemed: 10% off' }, ratePercent: 90 }],
    validUntil: now + 365 * 86_400_000,
    at: now,
  });
}
