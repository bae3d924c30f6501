import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order } from '@cloudphone/contracts/commerce';
import { orderFacts } from '../../../features/commerce/lib/order-facts';

/** What was ordered (spec §3), the amount paid in bold. */
export function OrderFacts({ order, column = 2 }: { order: Order; column?: number }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={column}
      items={orderFacts(order, t).map(({ key, label, value }) => ({
        key,
        label,
        children: key === 'price' ? <strong>{value}</strong> : value,
      }))}
    />
  );
}
