import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/tracking';
import { refreshAfterDelivery, useOrder } from '../api/orders';

/** Seconds before a settled result returns home by itself. */
export const PAY_RESULT_RETURN_SECONDS = 5;
/** While the payment is not known yet, the order is asked for again this often. */
const PENDING_POLL_MS = 2_000;

/**
 * The payment's result (spec §4): the order, asked for until its payment is known; then home shows
 * the new or renewed phones, and a countdown returns there (`onReturn`, which should keep its identity).
 */
export function usePaymentResult(orderNo: string, onReturn: () => void) {
  const queryClient = useQueryClient();
  const order = useOrder(orderNo, PENDING_POLL_MS);
  const result = order.data?.payResult;
  const settled = result !== undefined && result !== 'pending';
  const [secondsLeft, setSecondsLeft] = useState(PAY_RESULT_RETURN_SECONDS);

  // Home shows the new or renewed phones as soon as the payment is known.
  useEffect(() => {
    if (!settled) return;
    void refreshAfterDelivery(queryClient);
    track('pay_result', { result });
  }, [settled, queryClient, result]);

  useEffect(() => {
    if (!settled) return;
    if (secondsLeft <= 0) {
      onReturn();
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [settled, secondsLeft, onReturn]);

  const status = order.data?.status;
  return {
    order,
    settled,
    secondsLeft,
    /** Paid, and the phones wait for stock to arrive (spec §8). */
    waitingForStock: status === 'to_be_allocated' || status === 'out_of_stock',
    /** Asks again now, and the countdown starts over. */
    refresh: () => {
      setSecondsLeft(PAY_RESULT_RETURN_SECONDS);
      // A poll already under way answers the tap: an identical second request would be refused.
      void order.refetch({ cancelRefetch: false });
    },
  };
}
