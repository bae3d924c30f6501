import { z } from 'zod';

/**
 * What the columns behind the API hold (DESIGN §5), so a value they cannot store is an invalid
 * parameter (code 1001) rather than a database fault: PostgreSQL's `integer` stops at ±2^31 and
 * its `text` takes no NUL byte; every free text has a length limit.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** An integer that fits an `integer` column. */
export const int4Schema = z.number().int().min(INT4_MIN).max(INT4_MAX);
/** The same in a query string. */
export const int4Param = z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);

/** A row id: positive, and within its column. */
export const idSchema = z.number().int().positive().max(INT4_MAX);
export const idParam = z.coerce.number().int().positive().max(INT4_MAX);

/** A page number of a list (1 is the first). */
export const pageNoParam = z.coerce.number().int().min(1).max(INT4_MAX).default(1);

/** No NUL byte anywhere (a pattern, so the OpenAPI document says it too). */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what it refuses
export const NO_NUL = /^[^\u0000]*$/;

/**
 * No control character anywhere (NUL, line breaks, escapes…): what a name — a nickname, a phone's,
 * a group's, a file's, a template's — may not hold (issue 20), on both databases alike.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
export const NO_CONTROL = /^[^\u0000-\u001F\u007F]*$/;

/** Free text of at most `max` characters that a column can store. */
export const textSchema = (max: number) => z.string().max(max).regex(NO_NUL);

/** Up to `max` row ids in a query string, comma-separated: `userPhoneIds=1,2,3`. */
export const idListParam = (max: number) =>
  textSchema(max * 12)
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(idSchema).min(1).max(max));
