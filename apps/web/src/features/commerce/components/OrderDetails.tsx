import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order } from '@cloudphone/contracts/commerce';
import { formatDateTime } from '../../../lib/format-time';
import { formatMoney } from './money';

/** What was ordered (spec §3): id, sku type, package, device count, price, pay status, duration, remark, pay time and type. */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  // A package's name already says its grade ("Standard · 3d"); an upgrade has no package, only its grade.
  const what = order.packageName || order.gradeName;
  return (
    <List className="cp-commerce-list cp-order-details">
      <List.Item extra={order.orderNo}>{t('commerce.order.orderNo')}</List.Item>
      <List.Item extra={t(`commerce.sku.${order.skuType}`)}>{t('commerce.order.sku')}</List.Item>
      <List.Item extra={what}>{t('commerce.order.package')}</List.Item>
      <List.Item extra={order.deviceCount}>{t('commerce.order.devices')}</List.Item>
      <List.Item extra={t('commerce.days', { count: order.durationDays })}>{t('commerce.checkout.duration')}</List.Item>
      {order.discountCents > 0 && (
        <List.Item extra={`${formatMoney(order.originalPriceCents)} - ${formatMoney(order.discountCents)}`}>
          {t('commerce.checkout.original')}
        </List.Item>
      )}
      <List.Item extra={<strong>{formatMoney(order.payPriceCents)}</strong>}>{t('commerce.order.price')}</List.Item>
      <List.Item extra={t(`commerce.status.${order.status}`)}>{t('commerce.order.status')}</List.Item>
      <List.Item extra={formatDateTime(order.createTime)}>{t('commerce.order.createTime')}</List.Item>
      {order.payTime !== null && (
        <List.Item extra={formatDateTime(order.payTime)}>{t('commerce.order.payTime')}</List.Item>
      )}
      {order.payType !== null && (
        <List.Item extra={t(`commerce.payType.${order.payType}`)}>{t('commerce.order.payType')}</List.Item>
      )}
      {order.remark && <List.Item extra={order.remark}>{t('commerce.order.remark')}</List.Item>}
    </List>
  );
}
