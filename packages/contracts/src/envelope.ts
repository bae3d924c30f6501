import { z } from 'zod';

/**
 * Every handled API response is HTTP 200 with this envelope (DESIGN §3); `code` 0 is success.
 * A validation failure never uses 400, because 400 logs the user out.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const ResponseCode = {
  /** Client-side only: an identical request is already in flight. */
  DUPLICATE_REQUEST: -1,
  OK: 0,
  /** The session is invalid: the client logs out. */
  SESSION_INVALID: 400,
  /** Access token missing or expired: the client refreshes once. */
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_FREQUENT: 429,
  SYSTEM_ERROR: 500,
  INVALID_PARAMETER: 1001,
} as const;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** The data of a 1001 reply: which fields failed and why. */
export interface FieldError {
  field: string;
  message: string;
}
