import { useEffect, useState } from 'react';
import type { Order, OrderRequest } from '@cloudphone/contracts/commerce';
import { useCoupons } from '../api/coupons';
import { createOrder, useQuote } from '../api/orders';
import { bestCoupon } from '../lib/coupon-terms';

/**
 * The end of every purchase, renewal and upgrade: the coupon (the best one until the customer
 * chooses, none being a choice), the server's price of the order with it, and placing the order.
 * `order` is the order as chosen on the page, its coupon left to this; null until it can be priced.
 */
export function useCheckout(order: OrderRequest | null) {
  const [chosen, setChosen] = useState<{ couponId: number | null } | null>(null);
  const [placing, setPlacing] = useState(false);
  const coupons = useCoupons();
  // The price before a coupon stays known while a refused coupon makes the quote fail.
  /** What the chosen order costs before a coupon (as the server priced it), for that very order only. */
  const [priced0, setPriced0] = useState<{ order: string; cents: number } | null>(null);
  const orderKey = JSON.stringify(order);
  const original = priced0?.order === orderKey ? priced0.cents : 0;
  /** What a coupon is judged against: the order's price before a coupon, and its kind. */
  const couponOrder = order && { priceCents: original, skuType: order.skuType };
  const best = couponOrder && bestCoupon(coupons.data ?? [], couponOrder, Date.now());
  const couponId = chosen ? chosen.couponId : (best?.couponId ?? null);
  const priced = order && { ...order, couponId };
  const quote = useQuote(priced);
  // The best coupon follows the price of what is chosen, once the server has priced it.
  const quotedOriginal = quote.isPlaceholderData ? undefined : quote.data?.originalPriceCents;
  useEffect(() => {
    if (quotedOriginal !== undefined) setPriced0({ order: orderKey, cents: quotedOriginal });
  }, [quotedOriginal, orderKey]);

  /** Places the order as priced; null when it was refused (the request layer has shown why). */
  const place = async (): Promise<Order | null> => {
    if (!priced) return null;
    setPlacing(true);
    try {
      return await createOrder(priced);
    } catch {
      return null;
    } finally {
      setPlacing(false);
    }
  };

  return {
    coupons: coupons.data ?? [],
    couponOrder,
    couponId,
    chooseCoupon: (id: number | null) => setChosen({ couponId: id }),
    quote,
    ready: priced !== null && quote.data !== undefined && !quote.isPlaceholderData && !quote.error,
    placing,
    place,
  };
}
