import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSignature } from '@cloudphone/contracts/access-key';
import type { PaymentNotice } from './payment-provider';

export const noticeSchema = z.object({
  orderNo: z.string().min(1).max(40),
  transactionId: z.string().min(1).max(80),
  amountCents: z.number().int().min(0),
  sign: z.string().min(1),
});

/** The HMAC-SHA256 a notice is signed with: order, transaction and amount joined by `|`. */
export function signNotice(key: string, notice: PaymentNotice): string {
  return createHmac('sha256', key)
    .update(`notice|${notice.orderNo}|${notice.transactionId}|${notice.amountCents}`)
    .digest('hex');
}

/**
 * The signature of a pay request we hand the customer (a link or QR code). It is of another kind
 * than a notice's, so nothing the customer is shown can pass for a notice that the order was paid.
 */
export function signPayRequest(
  key: string,
  request: { merchantId: string; orderNo: string; amountCents: number },
): string {
  return createHmac('sha256', key)
    .update(`request|${request.merchantId}|${request.orderNo}|${request.amountCents}`)
    .digest('hex');
}

/** A notice whose signature matches `key`, else undefined. */
export function readSignedNotice(key: string, body: unknown): PaymentNotice | undefined {
  const parsed = noticeSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { sign, ...notice } = parsed.data;
  return sameSignature(signNotice(key, notice), sign) ? notice : undefined;
}
