import { payResultOf, type Order, type OrderStatus } from '@cloudphone/contracts/commerce';
import { inCallerLanguage } from '../../http/caller-language';
import type { GradeOnSale, PackageRow } from '../../repositories/catalogue.repository';
import type { OrderRow } from '../../repositories/order.repository';

/** An order as the client shows it, with its grade's and package's names and its history. */
export function orderView(
  order: OrderRow,
  { grade, pkg, history }: { grade?: GradeOnSale; pkg?: PackageRow; history: { status: OrderStatus; time: number }[] },
): Order {
  return {
    orderNo: order.orderNo,
    skuType: order.skuType,
    gradeId: order.gradeId,
    gradeName: grade ? inCallerLanguage(grade.name) : '',
    packageId: order.packageId,
    packageName: pkg ? inCallerLanguage(pkg.name) : '',
    deviceCount: order.deviceCount,
    durationDays: order.durationDays,
    originalPriceCents: order.originalPriceCents,
    discountCents: order.discountCents,
    payPriceCents: order.payPriceCents,
    couponId: order.couponId,
    status: order.status,
    payResult: payResultOf(order.status),
    payType: order.payType,
    payTime: order.payTime,
    remark: order.remark,
    createTime: order.createdAt,
    payDeadline: order.payDeadline,
    userPhoneIds: order.phoneIds,
    history,
  };
}
