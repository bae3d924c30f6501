import { z } from 'zod';
import { int4Param, textSchema } from './bounds';
import { THEME_NAMES } from './theme';
import { FUNCTION_KEYS, FUNCTION_TYPE_APP } from './client-functions';

export { DEFAULT_ENABLED_FUNCTIONS, FUNCTION_KEYS, FUNCTION_TYPE_APP, type FunctionKey } from './client-functions';

export const PLATFORMS = ['h5', 'pc', 'app'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const clientNoQuery = z.object({ clientNo: textSchema(64).trim().min(1).toLowerCase() });

export const clientSecureDataSchema = z.object({
  tenantId: z.number().int(),
  clientId: z.number().int(),
  platform: z.enum(PLATFORMS),
});
export type ClientSecureData = z.infer<typeof clientSecureDataSchema>;

export const agreementTypes = { user: 1, privacy: 2 } as const;
export const agreementTypeSchema = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));
export type AgreementType = z.infer<typeof agreementTypeSchema>;

export const agreementSummarySchema = z.object({ type: agreementTypeSchema, name: z.string() });
export type AgreementSummary = z.infer<typeof agreementSummarySchema>;

export const aboutAppSchema = z.object({
  clientName: z.string(),
  logoUrl: z.string(),
  theme: z.enum(THEME_NAMES),
  aiMode: z.boolean(),
  version: z.string(),
  /** The user agreement (stored as `firstAgreementData`) and the privacy agreement (`secondAgreementData`). */
  firstAgreement: agreementSummarySchema.nullable(),
  secondAgreement: agreementSummarySchema.nullable(),
});
export type AboutApp = z.infer<typeof aboutAppSchema>;

export const functionListQuery = z.object({ functionType: int4Param.default(FUNCTION_TYPE_APP) });

export const clientFunctionSchema = z.object({
  key: z.enum(FUNCTION_KEYS),
  name: z.string(),
  props: z.record(z.string(), z.unknown()),
  enable: z.boolean(),
});
export type ClientFunction = z.infer<typeof clientFunctionSchema>;
