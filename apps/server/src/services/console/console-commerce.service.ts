import type { AuditActor } from '../../repositories/audit.repository';
import type { GradeOnSale, PackageRow } from '../../repositories/catalogue.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { OrderRow } from '../../repositories/order.repository';
import { AppError } from '../app-error';
import type { FulfilmentService } from '../commerce/fulfilment.service';
import type { OrderService } from '../commerce/order.service';
import type { RefundService } from '../commerce/refund.service';
import type { AuditTrail } from './audit-trail';

/** A package as the console and the trail show it. */
const packageOf = (pkg: PackageRow) => ({
  packageId: pkg.packageId,
  gradeId: pkg.gradeId,
  name: pkg.name,
  durationDays: pkg.durationDays,
  priceCents: pkg.priceCents,
  usage: pkg.usage,
  trial: pkg.trial,
});

const gradeOf = (grade: GradeOnSale, packages: readonly PackageRow[]) => ({
  gradeId: grade.gradeId,
  code: grade.code,
  name: grade.name,
  dayPriceCents: grade.dayPriceCents,
  stock: grade.stock,
  packages: packages.filter((p) => p.gradeId === grade.gradeId).map(packageOf),
});

/**
 * What is sold and its orders, as a tenant's staff run them (issue 62): the one
 * implementation the console's `/api/admin/*` routes and the admin CLI both call, each change with its
 * audit row in one unit of work (a refund, which waits on a wallet, records itself once it is done).
 */
export class ConsoleCommerce {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'catalogue' | 'orders' | 'payments' | 'audit'>;
      audit: AuditTrail;
      fulfilment: FulfilmentService;
      orders: OrderService;
      refunds: RefundService;
    },
  ) {}

  async grades(tenantId: number) {
    const [grades, packages] = await Promise.all([
      this.deps.repos.catalogue.grades(tenantId),
      this.deps.repos.catalogue.packages(tenantId),
    ]);
    return grades.map((grade) => gradeOf(grade, packages));
  }

  async addPackage(actor: AuditActor, tenantId: number, spec: Omit<PackageRow, 'packageId' | 'tenantId'>) {
    if (!(await this.deps.repos.catalogue.grade(tenantId, spec.gradeId))) throw new AppError('productNotExist');
    return this.deps.repos.transaction(async (tx) => {
      const packageId = await tx.catalogue.createPackage({ ...spec, tenantId });
      const added = packageOf({ ...spec, tenantId, packageId });
      await this.deps.audit.record(tx, actor, tenantId, {
        action: 'package.add',
        target: ['package', String(packageId)],
        after: added,
      });
      return added;
    });
  }

  /** A grade's day price and stock; orders waiting for stock are then allocated. */
  async setPricing(
    actor: AuditActor,
    tenantId: number,
    gradeId: number,
    pricing: { dayPriceCents?: number; stock?: number | null },
  ) {
    await this.deps.repos.transaction(async (tx) => {
      const grade = await tx.catalogue.grade(tenantId, gradeId);
      if (!grade) throw new AppError('productNotExist');
      await tx.catalogue.setPricing(gradeId, pricing);
      await this.deps.audit.record(tx, actor, tenantId, {
        action: 'grade.price',
        target: ['grade', grade.code],
        before: { dayPriceCents: grade.dayPriceCents, stock: grade.stock },
        after: { dayPriceCents: pricing.dayPriceCents ?? grade.dayPriceCents, stock: pricing.stock ?? grade.stock },
      });
    });
    const allocated = await this.deps.fulfilment.allocateWaiting();
    return { grade: (await this.grades(tenantId)).find((grade) => grade.gradeId === gradeId)!, allocated };
  }

  async searchOrders(
    tenantId: number,
    filter: { orderNo?: string; mobile?: string; status?: string; pageNo: number; pageSize: number },
  ) {
    const page = await this.deps.repos.orders.searchOfTenant(tenantId, filter);
    const list = await Promise.all(
      page.list.map(async ({ order, mobile }) => ({
        ...(await this.deps.orders.view(order)),
        userId: order.userId,
        mobile,
      })),
    );
    return { list, total: page.total };
  }

  /** An order of the tenant with what moved its money: wallet attempts, their notices, refunds. */
  async orderDetail(tenantId: number, orderNo: string) {
    const row = await this.deps.repos.orders.findByNo(orderNo);
    if (!row || row.tenantId !== tenantId) throw new AppError('orderNotFound');
    const [[order], attempts, notices, refunds] = await Promise.all([
      this.searchOrders(tenantId, { orderNo, pageNo: 1, pageSize: 1 }).then((page) => page.list),
      this.deps.repos.payments.attemptsOf(row.id),
      this.deps.repos.payments.noticesOf(row.id),
      this.deps.repos.payments.refundsOf(row.id),
    ]);
    return {
      order: order!,
      attempts: attempts.map((a) => ({
        provider: a.provider,
        startedAt: Number(a.startedAt),
        checkedAt: a.checkedAt === null ? null : Number(a.checkedAt),
      })),
      notices,
      refunds: refunds.map((r) => ({
        ...r,
        createdAt: Number(r.createdAt),
        settledAt: r.settledAt === null ? null : Number(r.settledAt),
      })),
    };
  }

  /** Refunds a paid order of the tenant through its wallet, with the operator's reason. */
  async refund(actor: AuditActor, tenantId: number, orderNo: string, reason: string) {
    const before = await this.deps.repos.orders.findByNo(orderNo);
    if (!before || before.tenantId !== tenantId) throw new AppError('orderNotFound');
    const after = await this.deps.refunds.refund(orderNo, reason);
    await this.deps.repos.transaction((tx) =>
      this.deps.audit.record(tx, actor, tenantId, {
        action: 'order.refund',
        target: ['order', orderNo],
        before: summary(before),
        after: { ...summary(after), reason },
      }),
    );
    const [found] = (await this.searchOrders(tenantId, { orderNo, pageNo: 1, pageSize: 1 })).list;
    return found!;
  }
}

/** What the trail keeps of an order: its state and money, not its every field. */
const summary = (order: OrderRow) => ({
  status: order.status,
  payPriceCents: order.payPriceCents,
  phoneIds: order.phoneIds,
  remark: order.remark,
});
