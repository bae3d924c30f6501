import type { Order, PayType } from '@cloudphone/contracts/commerce';
import { sameSignature } from '@cloudphone/contracts/access-key';
import { AppError } from '../app-error';
import type {
  IncomingNotice,
  NoticeAnswer,
  PaymentNotice,
  PaymentProvider,
  PayPlace,
} from '../../providers/payments/payment-provider';
import type { SimulatedPaymentProvider } from '../../providers/payments/simulated.provider';
import type { Wallet } from '../../providers/payments/wallet-settings';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { OrderRow } from '../../repositories/order.repository';
import type { AuthUser } from '../accounts/auth.service';
import type { Clock } from '../clock';
import type { FulfilmentService } from './fulfilment.service';
import type { FunctionGate } from '../tenancy/function-gate';
import type { OrderService } from './order.service';
import type { MessageService } from '../content/message.service';
import { payableOf, type RefundService } from './refund.service';
import { WalletSettlement } from './wallet-settlement';

/** The payments job: asks the wallets about orders whose customers went to pay, and closes timed-out ones there. */
export const SETTLE_PAYMENTS_JOB = 'payments.settle';
/**
 * Paying for orders (spec §3, §4): the methods offered where the page is open, starting a payment,
 * the providers' notices — idempotent, so a notice repeated or raced marks the order paid once and
 * delivers once — the wallets asked about notices that never came, and paying with an activation
 * code of the order's package.
 */
export class PaymentService {
  private readonly settlement: WalletSettlement;

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'activationCodes' | 'clients' | 'coupons' | 'orders' | 'messages' | 'payments'>;
      orders: OrderService;
      fulfilment: FulfilmentService;
      simulated: SimulatedPaymentProvider;
      /** Every way to pay but activation codes: simulated pay and the wallets. */
      providers: ReadonlyMap<PayType, PaymentProvider>;
      refunds: RefundService;
      functions: FunctionGate;
      clock: Clock;
      messages: MessageService;
    },
  ) {
    this.settlement = new WalletSettlement({
      ...deps,
      confirm: (order, wallet, payment) => this.confirm(order, wallet, payment),
    });
  }

  /** The payments job (`WalletSettlement`). */
  settle(): Promise<number> {
    return this.settlement.settle();
  }

  /**
   * The methods offered where the page is open: inside WeChat's browser only WeChat Pay (and no
   * Alipay, which WeChat blocks), inside Alipay's only Alipay, elsewhere both — each only once set up.
   */
  async methods(auth: AuthUser, place: PayPlace): Promise<{ payType: PayType; qrCode: boolean }[]> {
    const methods: { payType: PayType; qrCode: boolean }[] = [];
    for (const provider of this.deps.providers.values())
      if (offeredIn(provider.payType, place) && (await provider.configured(auth.tenantId, auth.clientId)))
        methods.push({ payType: provider.payType, qrCode: provider.remote });
    if (await this.deps.functions.enabled(auth, 'activation_code'))
      methods.push({ payType: 'activation_code', qrCode: false });
    return methods;
  }

  async start(auth: AuthUser, orderNo: string, payType: Exclude<PayType, 'activation_code'>, place: PayPlace) {
    const order = await this.payable(auth, orderNo);
    const provider = this.deps.providers.get(payType);
    if (!provider || !offeredIn(payType, place) || !(await provider.configured(auth.tenantId, order.clientId)))
      throw new AppError('payMethodUnavailable');
    // Kept before the wallet is asked, so an order a crash cut off here is still asked after.
    if (provider.remote) await this.deps.repos.payments.recordAttempt(order.id, payType, this.deps.clock.now());
    const started = await provider.start(payableOf(order), place).catch((error: unknown) => {
      // The customer is told to try again; the log keeps what the wallet said.
      throw Object.assign(new AppError('walletUnreachable'), { cause: error });
    });
    return { orderNo, payType, ...started, jsapi: started.jsapi ?? null };
  }

  /** The simulated pay step: the user pays, or cancels and the order closes. */
  async simulate(auth: AuthUser, orderNo: string, token: string, outcome: 'success' | 'cancel'): Promise<Order> {
    const order = await this.deps.orders.own(auth, orderNo);
    if (!sameSignature(this.deps.simulated.tokenFor(orderNo), token)) throw new AppError('forbidden');
    if (outcome === 'cancel')
      return order.status === 'to_pay' ? this.cancel(auth, orderNo) : this.deps.orders.view(order);
    const notice = { orderNo, transactionId: `simulated-${orderNo}`, amountCents: order.payPriceCents };
    await this.confirm(order, 'simulated', notice, { inApp: true });
    return this.deps.orders.get(auth, orderNo);
  }

  /**
   * The customer cancels an unpaid order. One sent to a wallet is closed there first, so no scan can
   * pay it afterwards; when the wallet says it was paid after all, it is paid here too.
   */
  async cancel(auth: AuthUser, orderNo: string): Promise<Order> {
    const order = await this.deps.orders.own(auth, orderNo);
    if (order.status === 'to_pay' && (await this.settlement.closeAtWallets(order)) === 'paid')
      return this.deps.orders.get(auth, orderNo);
    return this.deps.orders.cancel(auth, orderNo);
  }

  /** The simulated provider's signed notice (JSON): refused unless its signature checks out. */
  async notifySimulated(body: unknown): Promise<void> {
    const reading = await this.deps.simulated.readNotice(0, { headers: {}, rawBody: JSON.stringify(body ?? null) });
    if (reading?.kind !== 'payment') throw new AppError('forbidden');
    const order = await this.deps.repos.orders.findByNo(reading.payment.orderNo);
    if (!order) throw new AppError('orderNotFound');
    await this.confirm(order, 'simulated', reading.payment);
  }

  /**
   * A wallet's notice to the address of `clientNo`, verified with that client's settings: a payment
   * pays its order once (when order and amount match), a refund's outcome is recorded. The answer is
   * the wallet's own "received", or a refusal that makes it send again later.
   */
  async notice(wallet: Wallet, clientNo: string, incoming: IncomingNotice): Promise<NoticeAnswer> {
    const provider = this.deps.providers.get(wallet)!;
    const client = await this.deps.repos.clients.findByClientNo(clientNo);
    const reading = client && (await provider.readNotice(client.id, incoming));
    if (!client || !reading) return provider.answer(false);
    if (reading.kind === 'refund') {
      await this.deps.refunds.settled(reading.refundNo, reading.status, reading.providerRefundId);
      return provider.answer(true);
    }
    if (reading.kind === 'other') return provider.answer(true);
    const order = await this.deps.repos.orders.findByNo(reading.payment.orderNo);
    if (!order || order.clientId !== client.id) return provider.answer(false);
    const applied = await this.confirm(order, wallet, reading.payment).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      },
    );
    return provider.answer(applied);
  }

  /** Pays an order of one phone with an activation code of the same package (spec §3 "activation code"). */
  async payByCode(auth: AuthUser, orderNo: string, code: string): Promise<Order> {
    const order = await this.payable(auth, orderNo);
    await this.deps.functions.require(auth, 'activation_code');
    const found = await this.deps.repos.activationCodes.find(auth.tenantId, code);
    if (!found) throw new AppError('activationCodeNotExist');
    if (found.usedBy !== null) throw new AppError('activationCodeUsed');
    if (found.validUntil <= this.deps.clock.now()) throw new AppError('activationCodeExpired');
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
        if (!(await tx.activationCodes.claim(found.id, auth.userId, usage, this.deps.clock.now())))
          throw new AppError('activationCodeUsed');
      },
      after: (tx, delivered) => tx.activationCodes.setPhones(found.id, delivered.phoneIds),
      lost: () => new AppError('orderNotPayable'),
    });
    return this.deps.orders.view(paid ?? (await this.deps.orders.own(auth, orderNo)));
  }

  /**
   * Marks an order paid and delivers it in one unit of work; the paid order when this payment paid
   * it. A repeated notice is a no-op, of racing payments exactly one pays and delivers, and money
   * for an order no longer unpaid (closed, or paid another way) is paid back. A payment made in the
   * app (`inApp`: the pay step, a code) rather than a provider's notice claims the order first, so
   * racing it leaves no record. `before`/`after` join the same unit of work (an activation code
   * spent with it); `lost` undoes it all when another payment won.
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
    if (notice.amountCents !== order.payPriceCents || notice.orderNo !== order.orderNo)
      throw new AppError('operationFailed');
    const paidState = order.skuType === 'buy' ? 'to_be_allocated' : 'activating';
    // Provider transaction ids are unique per merchant: keyed by tenant, two tenants' ids never collide.
    const transactionKey = `${order.tenantId}:${notice.transactionId}`;
    const outcome = await this.deps.repos.transaction(async (tx) => {
      await also.before?.(tx);
      const marked = await tx.orders.markPaid(
        order.id,
        { provider: payType, transactionKey, payType, inApp: also.inApp ?? false },
        paidState,
        this.deps.clock.now(),
      );
      if (marked === 'late') await this.deps.refunds.openLate(tx, order, payType, transactionKey);
      if (marked !== 'paid') {
        if (also.lost) throw also.lost();
        return { paid: undefined, late: marked === 'late' };
      }
      await tx.coupons.consume(order.id);
      const row = await tx.orders.findById(order.id);
      if (!row) throw new AppError('orderNotFound');
      // The day's business counts it with the payment (the console's dashboard, issue 64).
      await tx.businessDays.countPaid({ ...row, payTime: row.payTime! });
      const to = { tenantId: row.tenantId, userId: row.userId };
      await this.deps.messages.tell(tx, to, 'order_paid', { orderNo: row.orderNo, amountCents: row.payPriceCents });
      await this.deps.fulfilment.deliverIn(tx, row);
      const delivered = (await tx.orders.findById(order.id)) ?? row;
      await also.after?.(tx, delivered);
      return { paid: delivered, late: false };
    });
    if (outcome.paid) await this.deps.fulfilment.provisionOrder(outcome.paid.id);
    // Money for an order no longer unpaid goes back at once (the job retries if the wallet is away).
    if (outcome.late) await this.deps.refunds.retry().catch(() => undefined);
    return outcome.paid;
  }

  private async payable(auth: AuthUser, orderNo: string): Promise<OrderRow> {
    const order = await this.deps.orders.own(auth, orderNo);
    if (order.status !== 'to_pay' || order.payDeadline <= this.deps.clock.now()) throw new AppError('orderNotPayable');
    return order;
  }
}

/** Inside WeChat's browser only WeChat Pay is offered, inside Alipay's only Alipay; elsewhere both. */
function offeredIn(payType: PayType, place: PayPlace): boolean {
  if (place.browser === 'wechat') return payType !== 'alipay';
  if (place.browser === 'alipay') return payType !== 'wechat';
  return true;
}
