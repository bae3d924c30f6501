import { useState } from 'react';
import { Button, Steps, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order } from '@cloudphone/contracts/commerce';
import { formatDateTime } from '../../../lib/format-time';
import { formatMoney } from '../../../lib/format-money';
import { ORDER_STATUS_COLOR } from '../lib/order-facts';
import { OrderDetails } from './OrderDetails';

interface OrderCardProps {
  order: Order;
  onPay: (order: Order) => void;
  onCancel: (order: Order) => void;
}

/** One order in the list: what, how much, its state; tapped, its details and every state it passed. */
export function OrderCard({ order, onPay, onCancel }: OrderCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <article className="cp-order" data-testid="order" data-order-no={order.orderNo}>
      <button type="button" className="cp-order__summary" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="cp-order__line">
          <strong>
            {t(`commerce.sku.${order.skuType}`)} · {order.gradeName}
          </strong>
          <Tag color={ORDER_STATUS_COLOR[order.status]} fill="outline">
            {t(`commerce.status.${order.status}`)}
          </Tag>
        </span>
        <span className="cp-order__line cp-order__line--muted">
          <span>
            {order.packageName || t('commerce.days', { count: order.durationDays })} ×{order.deviceCount}
          </span>
          <strong className="cp-order__price">{formatMoney(order.payPriceCents)}</strong>
        </span>
        <span className="cp-order__line cp-order__line--muted">{formatDateTime(order.createTime)}</span>
      </button>
      {open && (
        <>
          <OrderDetails order={order} />
          <Steps direction="vertical" current={order.history.length - 1} className="cp-order__history">
            {order.history.map((h) => (
              <Steps.Step
                key={`${h.status}-${h.time}`}
                title={t(`commerce.status.${h.status}`)}
                description={formatDateTime(h.time)}
              />
            ))}
          </Steps>
        </>
      )}
      {order.status === 'to_pay' && (
        <div className="cp-order__actions">
          <Button size="small" onClick={() => onCancel(order)}>
            {t('commerce.pay.cancelOrder')}
          </Button>
          <Button size="small" color="primary" onClick={() => onPay(order)}>
            {t('commerce.order.pay')}
          </Button>
        </div>
      )}
    </article>
  );
}
