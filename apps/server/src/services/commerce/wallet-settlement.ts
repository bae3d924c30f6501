import type { PaymentNotice, PaymentProvider } from '../../providers/payments/payment-provider';
import type { Wallet } from '../../providers/payments/wallet-settings';
import type { RepositoriesOf } from '../../repositories/index';
import type { OrderRow } from '../../repositories/order.repository';
import type { Clock } from '../clock';
import type { OrderService } from './order.service';
import { payableOf, type RefundService } from './refund.service';

/** A wallet is first asked about an order this long after the customer was sent to pay… */
const ASK_AFTER_MS = 2 * 60_000;
/** …and again at most this often, until the order is paid or closed. */
const ASK_EVERY_MS = 60_000;

/**
 * Orders whose customers went to a wallet, settled there (spec §4): a payment whose notice never came
 * is found and applied, and an order whose time to pay ran out is closed at the wallets, then here.
 */
export class WalletSettlement {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'orders' | 'payments'>;
      orders: OrderService;
      /** Every way to pay but activation codes: simulated pay and the wallets. */
      providers: ReadonlyMap<string, PaymentProvider>;
      refunds: RefundService;
      clock: Clock;
      /** Marks the order paid and delivers it, as a wallet's notice would (`PaymentService`). */
      confirm: (order: OrderRow, wallet: Wallet, payment: PaymentNotice) => Promise<unknown>;
    },
  ) {}

  /**
   * The payments job: every unpaid order whose customer went to a wallet a while ago is asked
   * after there — a payment whose notice was lost is found and applied — and one whose time to pay
   * ran out is closed there first, then here.
   */
  async settle(): Promise<number> {
    const now = this.deps.clock.now();
    const due = await this.deps.repos.payments.attemptsDue(now, now - ASK_AFTER_MS, now - ASK_EVERY_MS);
    let settled = 0;
    const failures: unknown[] = [];
    for (const orderId of new Set(due.map((attempt) => attempt.orderId))) {
      // One wallet away does not hold up the others' orders; the job reports it and asks again.
      await this.settleOrder(orderId, now).then(
        (done) => (settled += done ? 1 : 0),
        (error: unknown) => failures.push(error),
      );
    }
    await this.deps.refunds.retry();
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} order(s) could not be settled`);
    return settled;
  }

  private async settleOrder(orderId: number, now: number): Promise<boolean> {
    const order = await this.deps.repos.orders.findById(orderId);
    if (order?.status !== 'to_pay') return false;
    if (await this.paidAtWallets(order)) return true;
    if (order.payDeadline > now || (await this.closeAtWallets(order)) !== 'closed') return false;
    return this.deps.orders.expire(order);
  }

  /** Whether a wallet the customer went to says the order was paid; if so it is paid here now. */
  private async paidAtWallets(order: OrderRow): Promise<boolean> {
    const now = this.deps.clock.now();
    for (const { wallet, provider } of await this.walletsOf(order)) {
      const payment = await provider.query(payableOf(order));
      await this.deps.repos.payments.checked(order.id, wallet, now);
      if (payment) {
        await this.deps.confirm(order, wallet, payment);
        return true;
      }
    }
    return false;
  }

  /**
   * Closes the order at every wallet its customer went to: `paid` when one says it was paid after
   * all (it is paid here then), `open` when a wallet could not be reached (the job tries again).
   */
  async closeAtWallets(order: OrderRow): Promise<'closed' | 'paid' | 'open'> {
    for (const { wallet, provider } of await this.walletsOf(order)) {
      const closed = await provider.close(payableOf(order)).then(
        () => true,
        () => false,
      );
      // A close refused is most often an order paid meanwhile: ask, and honour the payment.
      const payment = await provider.query(payableOf(order)).catch(() => undefined);
      if (payment) {
        await this.deps.confirm(order, wallet, payment);
        return 'paid';
      }
      if (!closed) return 'open';
    }
    return 'closed';
  }

  /**
   * The wallets the order's customer went to that are still set up for its client. One switched off
   * since cannot be asked; its order there lapses with the time to pay it was started with.
   */
  private async walletsOf(order: OrderRow): Promise<{ wallet: Wallet; provider: PaymentProvider }[]> {
    const wallets = [];
    for (const attempt of await this.deps.repos.payments.attemptsOf(order.id)) {
      const provider = this.deps.providers.get(attempt.provider as Wallet);
      if (provider && (await provider.configured(order.tenantId, order.clientId)))
        wallets.push({ wallet: attempt.provider as Wallet, provider });
    }
    return wallets;
  }
}
