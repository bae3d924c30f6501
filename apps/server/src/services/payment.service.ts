import type { Order, PayType } from '@cloudphone/contracts/commerce';
import { sameSignature } from '@cloudphone/contracts/access-key';
import { AppError } from '../http/app-error';
import type { PaymentNotice, PaymentProvider } from '../providers/payments/payment-provider';
import type { SimulatedPaymentProvider } from '../providers/payments/simulated.provider';
import type { Repositories } from '../repositories/index';
import type { OrderRow } from '../repositories/order.repository';
import type { AuthUser } from './auth.service';
import type { Clock } from './clock';
import type { FulfilmentService } from './fulfilment.service';
import type { OrderService } from './order.service';

/**
 * Paying for orders (spec §3, §4): the methods a tenant offers, starting a payment, the providers'
 * notices — idempotent, so a notice repeated or raced marks the order paid once and delivers once —
 * and paying with an activation code of the order's package.
 */
export class PaymentService {
  private readonly providers: Map<PayType, PaymentProvider>;

  constructor(
    private readonly repos: Repositories,
    private readonly orders: OrderService,
    private readonly fulfilment: FulfilmentService,
    private readonly simulated: SimulatedPaymentProvider,
    wallets: readonly PaymentProvider[],
    private readonly clock: Clock,
  ) {
    this.providers = new Map([simulated, ...wallets].map((p) => [p.payType, p]));
  }

  async methods(auth: AuthUser): Promise<{ payType: PayType; qrCode: boolean }[]> {
    const methods: { payType: PayType; qrCode: boolean }[] = [];
    for (const provider of this.providers.values())
      if (await provider.configured(auth.tenantId))
        methods.push({ payType: provider.payType, qrCode: provider.payType !== 'simulated' });
    if (await this.repos.clientFunctions.isEnabled(auth.clientId, 'activation_code'))
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
    await this.confirm(order, 'simulated', notice);
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
    if (!(await this.repos.clientFunctions.isEnabled(auth.clientId, 'activation_code')))
      throw new AppError('functionDisabled');
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
    if (!(await this.repos.activationCodes.claim(found.id, auth.userId, usage, this.clock.now())))
      throw new AppError('activationCodeUsed');
    // The code and order together are the transaction: an unused code can pay another order later.
    const notice = { orderNo, transactionId: `${code}:${orderNo}`, amountCents: order.payPriceCents };
    if (!(await this.confirm(order, 'activation_code', notice))) {
      // Another payment or a close got there first: the code was not spent on this order.
      await this.repos.activationCodes.unclaim(found.id);
      throw new AppError('orderNotPayable');
    }
    const paid = await this.orders.own(auth, orderNo);
    await this.repos.activationCodes.setPhones(found.id, paid.phoneIds);
    return this.orders.view(paid);
  }

  /**
   * Marks an order paid and delivers it; true when this notice paid it. Recording the notice and
   * moving the order from unpaid are one transaction: a repeated notice is a no-op, of racing notices
   * exactly one delivers, and money for an order already closed marks it for a refund.
   */
  private async confirm(order: OrderRow, payType: PayType, notice: PaymentNotice): Promise<boolean> {
    if (notice.amountCents !== order.payPriceCents) throw new AppError('operationFailed');
    const paidState = order.skuType === 'buy' ? 'to_be_allocated' : 'activating';
    // Provider transaction ids are unique per merchant: keyed by tenant, two tenants' ids never collide.
    const transactionKey = `${order.tenantId}:${notice.transactionId}`;
    const outcome = await this.repos.orders.markPaid(
      order.id,
      { provider: payType, transactionKey, payType },
      paidState,
      this.clock.now(),
    );
    if (outcome !== 'paid') return false;
    await this.repos.coupons.consume(order.id);
    const paid = await this.repos.orders.findById(order.id);
    if (paid) await this.fulfilment.deliver(paid);
    return true;
  }

  private async payable(auth: AuthUser, orderNo: string): Promise<OrderRow> {
    const order = await this.orders.own(auth, orderNo);
    if (order.status !== 'to_pay') throw new AppError('orderNotPayable');
    return order;
  }
}
