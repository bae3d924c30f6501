import type { TFunction } from 'i18next';
import type { Order, OrderStatus } from '@cloudphone/contracts/commerce';
import type { StatusTagColor } from '../../../components/phones/phone-status';
import { formatDateTime } from '../../../lib/format-time';
import { formatMoney } from '../../../lib/format-money';

/** An order's state on a tag: waiting to be paid, under way, delivered, or gone wrong. */
export const ORDER_STATUS_COLOR: Record<OrderStatus, StatusTagColor> = {
  to_pay: 'warning',
  to_be_allocated: 'primary',
  activating: 'primary',
  shipped: 'success',
  completed: 'success',
  out_of_stock: 'danger',
  refunded: 'danger',
  cancelled: 'default',
  payment_closed: 'default',
  expired: 'default',
};

/** What an order bought: a package's name already says its grade ("Standard · 3d"); an upgrade has only its grade. */
export const orderedWhat = (order: Order) => order.packageName || order.gradeName;

export interface OrderFact {
  key: string;
  label: string;
  value: string | number;
}

/**
 * What was ordered (spec §3): id, sku type, package, device count, price, pay status, duration,
 * remark, pay time and type; the facts an order has not got (no discount, not paid) are left out.
 */
export function orderFacts(order: Order, t: TFunction): OrderFact[] {
  const fact = (key: string, label: string, value: string | number): OrderFact[] => [{ key, label, value }];
  return [
    ...fact('orderNo', t('commerce.order.orderNo'), order.orderNo),
    ...fact('sku', t('commerce.order.sku'), t(`commerce.sku.${order.skuType}`)),
    ...fact('package', t('commerce.order.package'), orderedWhat(order)),
    ...fact('devices', t('commerce.order.devices'), order.deviceCount),
    ...fact('duration', t('commerce.checkout.duration'), t('commerce.days', { count: order.durationDays })),
    ...(order.discountCents > 0
      ? fact(
          'original',
          t('commerce.checkout.original'),
          `${formatMoney(order.originalPriceCents)} - ${formatMoney(order.discountCents)}`,
        )
      : []),
    ...fact('price', t('commerce.order.price'), formatMoney(order.payPriceCents)),
    ...fact('status', t('commerce.order.status'), t(`commerce.status.${order.status}`)),
    ...fact('createTime', t('commerce.order.createTime'), formatDateTime(order.createTime)),
    ...(order.payTime !== null ? fact('payTime', t('commerce.order.payTime'), formatDateTime(order.payTime)) : []),
    ...(order.payType !== null
      ? fact('payType', t('commerce.order.payType'), t(`commerce.payType.${order.payType}`))
      : []),
    ...(order.remark ? fact('remark', t('commerce.order.remark'), order.remark) : []),
  ];
}
