import type { OrderStatus } from '@cloudphone/contracts/commerce';

/** How an order's state is coloured: paid green, waiting orange, ended grey, refunded red. */
export const STATUS_COLOURS: Record<OrderStatus, string> = {
  to_pay: 'orange',
  to_be_allocated: 'orange',
  shipped: 'green',
  completed: 'green',
  out_of_stock: 'volcano',
  activating: 'blue',
  cancelled: 'default',
  refunded: 'red',
  payment_closed: 'default',
  expired: 'default',
};
