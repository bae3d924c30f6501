import type { Order, PayType } from '@cloudphone/contracts/commerce';
import { sameSignature } from '@cloudphone/contracts/access-key';
import { AppError } from '../http/app-error';
import type { PaymentNotice, PaymentProvider } from '../providers/payments/payment-provider';
import type { SimulatedPaymentProvider } from '../providers/payments/simulated.provider';
import type { Repositories, RepositoriesOf } from '../repositories/index';
import type { OrderRow } from '../repositories/order.repository';
import type { AuthUser } from './auth.service';
import type { Clock } from './clock';
import type { FulfilmentService } from './fulfilment.service';
import type { FunctionGate } from './function-gate';
import type { OrderService } from './order.service';
import type { MessageService } from './message.service';

/**
 * Paying for orders (spec §3, §4): the methods a tenant offers, starting a payment, the providers'
 * notices — idempotent, so a notice repeated or raced marks the order paid once and delivers once —
 * and paying with an activation code of the order's package.
 */
export class PaymentService {
  private readonly providers: Map<PayType, PaymentProvider>;

  constructor(
    private readonly repos: RepositoriesOf<'activationCodes' | 'coupons' | 'orders' | 'messages'>,
    private readonly orders: OrderService,
    private readonly fulfilment: FulfilmentService,
    private readonly simulated: SimulatedPaymentProvider,
    wallets: readonly PaymentProvider[],
    private readonly functions: FunctionGate,
    private readonly clock: Clock,
    private readonly messages: MessageService,
  ) {
    this.providers = new Map([simulated, ...wallets].map((p) => [p.payType, p]));
  }

  async methods(auth: AuthUser): Promise<{ payType: PayType; qrCode: boolean }[]> {
    const methods: { payType: PayType; qrCode: boolean }[] = [];
    for (const provider of this.providers.values())
      if (await provider.configured(auth.tenantId))
        methods.push({ payType: provider.payType, qrCode: provider.payType !== 'simulated' });
    if (await this.functions.enabled(auth, 'activation_code'))
      methods.push({ payType: 'activation_code', qrCode: false });
    return methods;
  }

  async start(auth: AuthUser, orderNo: string, payType: Exclude<PayType, 'activation_code'>) {
    const order = await this.payable(auth, orderNo);
    const provider = this.providers.get(payType);
    if (!provider || !(await provider.configured(auth.tenantId))) throw new AppError('payMethodUnavailable');
    return { orderNo, payType, ...(await provider.start(order)) };
  }

  /** The simulated pay step: the user pays, or cancels and the order closes. */
  async simulate(auth: AuthUser, orderNo: string, token: string, outcome: 'success' | 'cancel'): Promise<Order> {
    const order = await this.orders.own(auth, orderNo);
    if (!sameSignature(this.simulated.tokenFor(orderNo), token)) throw new AppError('forbidden');
    if (outcome === 'cancel')
      return order.status === 'to_pay' ? this.orders.cancel(auth, orderNo) : this.orders.view(order);
    const notice = { orderNo, transactionId: `simulated-${orderNo}`, amountCents: order.payPriceCents };
    await this.confirm(order, 'simulated', notice, { inApp: true });
    return this.orders.get(auth, orderNo);
  }

  /** A provider's notice, posted to us; refused unless its signature checks out. */
  async notify(payType: PayType, body: unknown): Promise<void> {
    const provider = this.providers.get(payType);
    const orderNo = typeof body === 'object' && body !== null ? (body as { orderNo?: unknown }).orderNo : undefined;
    const order = typeof orderNo === 'string' ? await this.repos.orders.findByNo(orderNo) : undefined;
    if (!provider || !order) throw new AppError('orderNotFound');
    const notice = await provider.verify(order.tenantId, body);
    if (!notice) throw new AppError('forbidden');
    await this.confirm(order, payType, notice);
  }

  /** Pays an order of one phone with an activation code of the same package (spec §3 "activation code"). */
  async payByCode(auth: AuthUser, orderNo: string, code: string): Promise<Order> {
    const order = await this.payable(auth, orderNo);
    await this.functions.require(auth, 'activation_code');
    const found = await this.repos.activationCodes.find(auth.tenantId, code);
    if (!found) throw new AppError('activationCodeNotExist');
    if (found.usedBy !== null) throw new AppError('activationCodeUsed');
    if (found.validUntil <= this.clock.now()) throw new AppError('activationCodeExpired');
    const usage = order.skuType === 'renew' ? 'renew' : 'buy';
    const fits =
      order.skuType !== 'upgrade' &&
      found.packageId === order.packageId &&
      order.deviceCount === 1 &&
      (found.usage === usage || found.usage === 'both');
    if (!fits) throw new AppError('activationCodeSpecMismatch');
    // The code and order together are the transaction: an unused code can pay another order later.
    const notice = { orderNo, transactionId: `${code}:${orderNo}`, amountCents: order.payPriceCents };
    const paid = await this.confirm(order, 'activation_code', notice, {
      inApp: true,
      // The code is spent in the payment's unit of work: if the order was paid otherwise, it is not.
      before: async (tx) => {
        if (!(await tx.activationCodes.claim(found.id, auth.userId, usage, this.clock.now())))
          throw new AppError('activationCodeUsed');
      },
      after: (tx, delivered) => tx.activationCodes.setPhones(found.id, delivered.phoneIds),
      lost: () => new AppError('orderNotPayable'),
    });
    return this.orders.view(paid ?? (await this.orders.own(auth, orderNo)));
  }

  /**
   * Marks an order paid and delivers it in one unit of work; the paid order when this payment paid
   * it. A repeated notice is a no-op, of racing payments exactly one pays and delivers, and money
   * for an order already closed marks it for a refund. A payment made in the app (`inApp`: the pay
   * step, a code) rather than a provider's notice claims the order first, so racing it leaves no
   * record. `before`/`after` join the same unit of work (an activation code spent with it); `lost`
   * undoes it all when another payment won.
   */
  private async confirm(
    order: OrderRow,
    payType: PayType,
    notice: PaymentNotice,
    also: {
      inApp?: boolean;
      before?: (tx: Repositories) => Promise<void>;
      after?: (tx: Repositories, paid: OrderRow) => Promise<void>;
      lost?: () => Error;
    } = {},
  ): Promise<OrderRow | undefined> {
    if (notice.amountCents !== order.payPriceCents) throw new AppError('operationFailed');
    const paidState = order.skuType === 'buy' ? 'to_be_allocated' : 'activating';
    // Provider transaction ids are unique per merchant: keyed by tenant, two tenants' ids never collide.
    const transactionKey = `${order.tenantId}:${notice.transactionId}`;
    const paid = await this.repos.transaction(async (tx) => {
      await also.before?.(tx);
      const outcome = await tx.orders.markPaid(
        order.id,
        { provider: payType, transactionKey, payType, inApp: also.inApp ?? false },
        paidState,
        this.clock.now(),
      );
      if (outcome !== 'paid') {
        if (also.lost) throw also.lost();
        return undefined;
      }
      await tx.coupons.consume(order.id);
      const row = await tx.orders.findById(order.id);
      if (!row) throw new AppError('orderNotFound');
      const to = { tenantId: row.tenantId, userId: row.userId };
      await this.messages.tell(tx, to, 'order_paid', { orderNo: row.orderNo, amountCents: row.payPriceCents });
      await this.fulfilment.deliverIn(tx, row);
      const delivered = (await tx.orders.findById(order.id)) ?? row;
      await also.after?.(tx, delivered);
      return delivered;
    });
    if (paid) await this.fulfilment.provisionOrder(paid.id);
    return paid;
  }

  private async payable(auth: AuthUser, orderNo: string): Promise<OrderRow> {
    const order = await this.orders.own(auth, orderNo);
    if (order.status !== 'to_pay') throw new AppError('orderNotPayable');
    return order;
  }
}
