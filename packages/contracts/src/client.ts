import { z } from 'zod';
import { int4Param, textSchema } from './bounds';
import { THEME_NAMES } from './theme';

/** The function keys of spec §3 that gate features per client. */
export const FUNCTION_KEYS = [
  'root_button',
  'reboot_button',
  'reset_button',
  'upgrade_button',
  'new_button',
  'renew_button',
  'transfer_button',
  'auth_button',
  'clone_button',
  'template_button',
  'change_button',
  'connect_button',
  'discovery',
  'product_buy',
  'activation_code',
] as const;
export type FunctionKey = (typeof FUNCTION_KEYS)[number];

/** Two entries are always present by default: activation code and product order (spec §3). */
export const DEFAULT_ENABLED_FUNCTIONS: readonly FunctionKey[] = ['activation_code', 'product_buy'];

/** functionType 1 is the customer app's function list (spec §7). */
export const FUNCTION_TYPE_APP = 1;

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
