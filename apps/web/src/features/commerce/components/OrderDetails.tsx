import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order } from '@cloudphone/contracts/commerce';
import { orderFacts } from '../lib/order-facts';

/** What was ordered (spec §3), the amount paid in bold. */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <List className="cp-commerce-list cp-order-details">
      {orderFacts(order, t).map(({ key, label, value }) => (
        <List.Item key={key} extra={key === 'price' ? <strong>{value}</strong> : value}>
          {label}
        </List.Item>
      ))}
    </List>
  );
}
