import { COMMERCE_CONFIG_KEYS, DAY_MS } from '@cloudphone/contracts/commerce';
import { couponSpecSchema, type Coupon, type CouponSpec, type CouponState } from '@cloudphone/contracts/promotion';
import { z } from 'zod';
import { AppError } from '../app-error';
import { inCallerLanguage } from '../../http/caller-language';
import type { CouponRow } from '../../repositories/coupon.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { AuthUser } from '../accounts/auth.service';
import type { Clock } from '../clock';

const giftBagSchema = z.array(couponSpecSchema);

/** Coupons (spec §1, §3): handed out by the operator, redeem codes and the gift bag, spent at checkout. */
export class CouponService {
  constructor(
    private readonly repos: RepositoriesOf<'config' | 'coupons' | 'redeemCodes'>,
    private readonly clock: Clock,
  ) {}

  async list(auth: AuthUser, state?: CouponState): Promise<Coupon[]> {
    const all = (await this.repos.coupons.listOfUser(auth.tenantId, auth.userId)).map((c) => this.view(c));
    return state ? all.filter((c) => c.state === state) : all;
  }

  /**
   * A coupon the user may put on an order of `priceCents` now; undefined without one. Not yet valid
   * is its own message (spec §5); anything else (spent, lapsed, another's, too small an order) is
   * "not available".
   */
  async usable(auth: AuthUser, couponId: number | null, priceCents: number, forUpgrade = false) {
    if (couponId === null) return null;
    const coupon = await this.repos.coupons.findById(couponId);
    if (!coupon || coupon.tenantId !== auth.tenantId || coupon.userId !== auth.userId)
      throw new AppError('couponNotAvailable');
    const now = this.clock.now();
    if (coupon.status === 'unused' && now < coupon.validFrom) throw new AppError('couponNotYetUsable');
    const unusable =
      this.stateOf(coupon) !== 'unused' ||
      priceCents < coupon.minAmountCents ||
      (forUpgrade && coupon.kind === 'extension');
    if (unusable) throw new AppError('couponNotAvailable');
    return coupon;
  }

  /** Gives coupons to a user: from the operator, a redeem code or the gift bag (in the unit of work `repos`). */
  async issue(
    tenantId: number,
    userId: number,
    specs: readonly CouponSpec[],
    source: string,
    repos: RepositoriesOf<'coupons'> = this.repos,
  ): Promise<void> {
    const now = this.clock.now();
    await repos.coupons.create(
      specs.map((input) => {
        const spec = couponSpecSchema.parse(input);
        const validFrom = now + spec.startsAfterDays * DAY_MS;
        return {
          tenantId,
          userId,
          kind: spec.kind,
          name: spec.name,
          amountCents: spec.amountCents,
          ratePercent: spec.ratePercent,
          maxDiscountCents: spec.maxDiscountCents,
          extensionDays: spec.extensionDays,
          minAmountCents: spec.minAmountCents,
          validFrom,
          validUntil: validFrom + spec.validDays * DAY_MS,
          source,
          createdAt: now,
        };
      }),
    );
  }

  /** A redeem code (20 letters/digits, either case) turns into its coupons, once. */
  async redeem(auth: AuthUser, code: string): Promise<Coupon[]> {
    const specs = await this.repos.redeemCodes.claim(auth.tenantId, code, auth.userId, this.clock.now());
    if (!specs) throw new AppError('redeemCodeNotExist');
    const before = new Set((await this.repos.coupons.listOfUser(auth.tenantId, auth.userId)).map((c) => c.id));
    await this.issue(auth.tenantId, auth.userId, specs, `redeem:${code.toUpperCase()}`);
    return (await this.list(auth)).filter((c) => !before.has(c.couponId));
  }

  async giftBag(auth: AuthUser) {
    const coupons = await this.giftBagCoupons(auth.tenantId);
    const claimed = await this.repos.coupons.hasClaimedGiftBag(auth.tenantId, auth.userId);
    return {
      available: coupons.length > 0 && !claimed,
      claimed,
      coupons: coupons.map((c) => ({ ...c, name: inCallerLanguage(c.name) })),
    };
  }

  /** The tenant's gift bag, once per account. */
  async claimGiftBag(auth: AuthUser): Promise<Coupon[]> {
    const coupons = await this.giftBagCoupons(auth.tenantId);
    if (coupons.length === 0) throw new AppError('notFound');
    if (!(await this.repos.coupons.claimGiftBag(auth.tenantId, auth.userId, this.clock.now())))
      throw new AppError('giftBagClaimed');
    await this.issue(auth.tenantId, auth.userId, coupons, 'gift-bag');
    return this.list(auth, 'unused');
  }

  private async giftBagCoupons(tenantId: number): Promise<z.output<typeof couponSpecSchema>[]> {
    const stored = (await this.repos.config.tenantValues(tenantId, [COMMERCE_CONFIG_KEYS.giftBag])).get(
      COMMERCE_CONFIG_KEYS.giftBag,
    );
    if (!stored) return [];
    const parsed = giftBagSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  }

  private stateOf(coupon: CouponRow): CouponState {
    if (coupon.status !== 'unused') return coupon.status;
    return this.clock.now() >= coupon.validUntil ? 'unavailable' : 'unused';
  }

  private view(c: CouponRow): Coupon {
    return {
      couponId: c.id,
      kind: c.kind,
      name: inCallerLanguage(c.name),
      amountCents: c.amountCents,
      ratePercent: c.ratePercent,
      maxDiscountCents: c.maxDiscountCents,
      extensionDays: c.extensionDays,
      minAmountCents: c.minAmountCents,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      state: this.stateOf(c),
    };
  }
}
