import { randomInt } from 'node:crypto';
import {
  ORDER_PAY_TIMEOUT_MINUTES,
  type Order,
  type OrderRequest,
  type OrderStatus,
  type Quote,
  type SkuType,
} from '@cloudphone/contracts/commerce';
import { orderRequestSchema } from '@cloudphone/contracts/commerce';
import { AppError } from '../app-error';
import type { RepositoriesOf } from '../../repositories/index';
import type { OrderRow } from '../../repositories/order.repository';
import { orderView } from './order-view';
import type { AuthUser } from '../accounts/auth.service';
import type { CatalogueService } from './catalogue.service';
import type { Clock } from '../clock';
import type { CouponService } from './coupon.service';
import type { FunctionGate } from '../tenancy/function-gate';
import type { PhoneGate } from '../phones/access/phone-access.service';
import { priceWithCoupon } from './pricing';

/** Everything an order is placed with, once its request is checked and priced. */
interface PricedOrder extends Quote {
  skuType: SkuType;
  /** A trial package: one per account, held by the order. */
  trial: boolean;
  gradeId: number;
  packageId: number | null;
  couponId: number | null;
  phoneIds: number[];
}

/** Orders that can still be paid. */
const PAYABLE: readonly OrderStatus[] = ['to_pay'];

/** Orders (spec §3, §4): priced, placed, listed, cancelled; unpaid ones close after a timeout. */
export class OrderService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'catalogue' | 'coupons' | 'orders' | 'payments'>;
      catalogue: CatalogueService;
      coupons: CouponService;
      functions: FunctionGate;
      clock: Clock;
    },
  ) {}

  /** What checkout shows before the order is placed. */
  async quote(gate: PhoneGate, request: OrderRequest): Promise<Quote> {
    const {
      skuType: _s,
      gradeId: _g,
      packageId: _p,
      couponId: _c,
      phoneIds: _ids,
      trial: _trial,
      ...quote
    } = await this.price(gate, request);
    return quote;
  }

  /** Places an order; with an idempotency key, placing it again (or racing) answers the first one. */
  async place(gate: PhoneGate, request: OrderRequest, idempotencyKey?: string): Promise<Order> {
    const { auth } = gate;
    const earlier = async () =>
      idempotencyKey ? await this.deps.repos.orders.findByIdempotencyKey(auth.userId, idempotencyKey) : undefined;
    const before = await earlier();
    if (before) return this.view(before);
    const priced = await this.price(gate, request);
    const now = this.deps.clock.now();
    const placed = await this.deps.repos
      .transaction(async (tx) => {
        const outcome = await tx.orders.create(
          {
            orderNo: this.newOrderNo(now),
            tenantId: auth.tenantId,
            clientId: auth.clientId,
            userId: auth.userId,
            skuType: priced.skuType,
            gradeId: priced.gradeId,
            packageId: priced.packageId,
            deviceCount: priced.deviceCount,
            durationDays: priced.durationDays,
            originalPriceCents: priced.originalPriceCents,
            discountCents: priced.discountCents,
            payPriceCents: priced.payPriceCents,
            couponId: priced.couponId,
            status: 'to_pay',
            payToken: null,
            phoneIds: priced.phoneIds,
            createdAt: now,
            payDeadline: now + ORDER_PAY_TIMEOUT_MINUTES * 60_000,
            idempotencyKey: idempotencyKey ?? null,
          },
          priced.trial,
        );
        // The coupon or trial went to a racing order: nothing of this one stays (the coupon hold included).
        if (outcome === 'trial-taken') throw new AppError('trialUsed');
        if (outcome === 'coupon-taken') throw new AppError('couponNotAvailable');
        return outcome;
      })
      .catch(async (error: unknown) => {
        // A racing placement with the same key won (its unique index, or the coupon or trial): it is this order.
        const raced = await earlier();
        if (raced) return raced;
        throw error;
      });
    return this.view(placed);
  }

  /** The user's own order; another user's is "does not exist". Closes it first if its time to pay ran out. */
  async own(auth: AuthUser, orderNo: string): Promise<OrderRow> {
    const order = await this.deps.repos.orders.findByNo(orderNo);
    if (!order || order.tenantId !== auth.tenantId || order.userId !== auth.userId) throw new AppError('orderNotFound');
    // One sent to a wallet is closed there first, by the payments job (PaymentService.settle).
    const closesHere = async () => (await this.deps.repos.payments.attemptsOf(order.id)).length === 0;
    if (order.status === 'to_pay' && order.payDeadline <= this.deps.clock.now() && (await closesHere())) {
      await this.close(order, 'payment_closed');
      return (await this.deps.repos.orders.findById(order.id)) ?? order;
    }
    return order;
  }

  async get(auth: AuthUser, orderNo: string): Promise<Order> {
    return this.view(await this.own(auth, orderNo));
  }

  async page(auth: AuthUser, query: { pageNo: number; pageSize: number; status?: OrderStatus }) {
    await this.closeUnpaid(auth);
    const page = await this.deps.repos.orders.page(auth.tenantId, auth.userId, query);
    // The page's grades, packages and histories read once for all its orders (issue 56).
    const packageIds = [...new Set(page.list.flatMap((o) => o.packageId ?? []))];
    const [history, grades, packages] = await Promise.all([
      this.deps.repos.orders.history(page.list.map((o) => o.id)),
      this.deps.repos.catalogue.grades(auth.tenantId),
      Promise.all(packageIds.map((id) => this.deps.repos.catalogue.package(id))),
    ]);
    const list = page.list.map((o) =>
      orderView(o, {
        grade: grades.find((g) => g.gradeId === o.gradeId),
        pkg: packages.find((p) => p?.packageId === o.packageId),
        history: history.get(o.id) ?? [],
      }),
    );
    return { list, total: page.total };
  }

  async cancel(auth: AuthUser, orderNo: string): Promise<Order> {
    const order = await this.own(auth, orderNo);
    if (!(await this.close(order, 'cancelled'))) throw new AppError('orderNotPayable');
    return this.get(auth, orderNo);
  }

  /**
   * Closes unpaid orders whose time ran out (a job, every user's; and before listing, the lister's own):
   * their coupons are free again.
   */
  async closeUnpaid(owner?: AuthUser): Promise<number> {
    let closed = 0;
    for (const order of await this.deps.repos.orders.unpaidPast(this.deps.clock.now(), owner))
      if (await this.close(order, 'payment_closed')) closed++;
    return closed;
  }

  async view(order: OrderRow, history?: { status: OrderStatus; time: number }[]): Promise<Order> {
    const [grade, pkg, told] = await Promise.all([
      this.deps.repos.catalogue.grade(order.tenantId, order.gradeId),
      order.packageId === null ? undefined : this.deps.repos.catalogue.package(order.packageId),
      history ?? this.deps.repos.orders.history([order.id]).then((all) => all.get(order.id) ?? []),
    ]);
    return orderView(order, { grade, pkg, history: told });
  }

  /** Closes an unpaid order whose time to pay ran out, once the wallets it went to have closed it. */
  async expire(order: OrderRow): Promise<boolean> {
    return this.close(order, 'payment_closed');
  }

  /** Closes an unpaid order and frees its coupon and trial, together. */
  private close(order: OrderRow, to: 'cancelled' | 'payment_closed'): Promise<boolean> {
    return this.deps.repos.transaction(async (tx) => {
      if (!(await tx.orders.transition(order.id, PAYABLE, to, this.deps.clock.now()))) return false;
      await tx.coupons.release(order.id);
      await tx.orders.releaseTrial(order.id);
      return true;
    });
  }

  /** The order priced; the phones it renews or upgrades are the caller's, as the gate says. */
  private async price(gate: PhoneGate, input: OrderRequest): Promise<PricedOrder> {
    const { auth } = gate;
    const request = orderRequestSchema.parse(input);
    if (request.skuType === 'upgrade') {
      await this.deps.functions.require(auth, 'upgrade_button');
      const { phone } = await gate.check(request.userPhoneId);
      const option = (await this.deps.catalogue.upgradeOptions(auth, phone)).find((o) => o.gradeId === request.gradeId);
      if (!option) throw new AppError('productNotExist');
      const coupon = await this.deps.coupons.usable(auth, request.couponId, option.priceCents, true);
      const price = priceWithCoupon(option.priceCents, option.remainingDays, coupon);
      return { ...price, ...this.ids(request, null, [phone.id]), deviceCount: 1, stockShort: false, trial: false };
    }

    const pkg = await this.deps.repos.catalogue.package(request.packageId);
    const wanted = request.skuType;
    if (!pkg || pkg.tenantId !== auth.tenantId || (pkg.usage !== wanted && pkg.usage !== 'both'))
      throw new AppError('productNotExist');

    if (request.skuType === 'buy') {
      await this.deps.functions.require(auth, 'product_buy');
      const grade = await this.deps.repos.catalogue.grade(auth.tenantId, request.gradeId);
      if (!grade || pkg.gradeId !== grade.gradeId) throw new AppError('productNotExist');
      if (pkg.trial) {
        if (request.deviceCount !== 1) throw new AppError('packageQuantityIncorrect');
        if (await this.deps.repos.orders.hasTrial(auth.tenantId, auth.userId)) throw new AppError('trialUsed');
      }
      const original = pkg.priceCents * request.deviceCount;
      const coupon = await this.deps.coupons.usable(auth, request.couponId, original);
      return {
        ...priceWithCoupon(original, pkg.durationDays, coupon),
        ...this.ids(request, pkg.packageId, []),
        deviceCount: request.deviceCount,
        stockShort: grade.stock !== null && grade.stock < request.deviceCount,
        trial: pkg.trial,
      };
    }

    // Renewal: one package for the batch (spec §5), of the grade every phone runs as; trials renew too.
    // With product purchase off, renewing goes by activation code only (spec §6).
    await this.deps.functions.require(auth, 'product_buy');
    await this.deps.functions.require(auth, 'renew_button');
    if (pkg.trial) throw new AppError('productNotExist');
    const phones = await Promise.all(
      [...new Set(request.userPhoneIds)].map(async (id) => (await gate.check(id)).phone),
    );
    for (const phone of phones)
      if ((await this.deps.catalogue.gradeOf(phone)).gradeId !== pkg.gradeId) throw new AppError('productNotExist');
    const original = pkg.priceCents * phones.length;
    const coupon = await this.deps.coupons.usable(auth, request.couponId, original);
    return {
      ...priceWithCoupon(original, pkg.durationDays, coupon),
      ...this.ids(
        { ...request, gradeId: pkg.gradeId },
        pkg.packageId,
        phones.map((p) => p.id),
      ),
      deviceCount: phones.length,
      stockShort: false,
      trial: false,
    };
  }

  private ids(
    request: { skuType: SkuType; gradeId: number; couponId: number | null },
    packageId: number | null,
    phoneIds: number[],
  ) {
    return { skuType: request.skuType, gradeId: request.gradeId, couponId: request.couponId, packageId, phoneIds };
  }

  /** CP + time to the second + 6 random digits: sortable and not guessable in sequence. */
  private newOrderNo(now: number): string {
    const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
    return `CP${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
  }
}
