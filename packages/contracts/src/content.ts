import { z } from 'zod';
import { int4Param, textSchema } from './bounds';
import { agreementTypeSchema } from './client';
import { CLIENT_CONFIG_KEYS } from './config-keys';

/**
 * The agreement pages skip the client lookup (spec §2), so a visitor may have no tenant headers yet:
 * the client is named by `clientNo` in the query, or else by the `client-id` header.
 */
export const agreementQuery = z.object({
  type: agreementTypeSchema,
  clientNo: z.string().trim().toLowerCase().optional(),
});

export const agreementNameSchema = z.object({ type: agreementTypeSchema, name: z.string() });
export const agreementContentSchema = z.object({
  type: agreementTypeSchema,
  name: z.string(),
  /** Sanitised HTML set by the merchant. */
  content: z.string(),
  updateTime: z.number().int(),
});
export type AgreementContent = z.infer<typeof agreementContentSchema>;

/** getKeys takes a comma-separated list of limit keys. */
export const configKeysQuery = z.object({
  keys: textSchema(2_000)
    .min(1)
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
});
export const configValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const clientConfigBody = z.object({ keys: z.array(z.enum(CLIENT_CONFIG_KEYS as [string, ...string[]])).min(1) });
/** Client settings are text (a key never set answers its default). */
export const clientConfigValuesSchema = z.record(z.string(), z.string());

export const AD_PLATFORM_H5 = 'H5';
/** Where the web app shows banners: the merchant adds them per position (admin CLI `ad:add`). */
export const AD_POSITIONS = { discover: 1 } as const;
export const advertisementQuery = z.object({
  adPosition: int4Param,
  platformNo: textSchema(32).default(AD_PLATFORM_H5),
});
export const advertisementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
});
export type Advertisement = z.infer<typeof advertisementSchema>;

export const customerServiceSchema = z.object({
  /** QR code image of the service account; empty when none is configured. */
  qrCodeUrl: z.string(),
  link: z.string(),
  workTime: z.string(),
});
export type CustomerService = z.infer<typeof customerServiceSchema>;

/** A device grade (hardware configuration) that packages are sold for. */
export const deviceGradeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  cpuCores: z.number().int(),
  memoryGb: z.number().int(),
  storageGb: z.number().int(),
  androidVersion: z.string(),
  sort: z.number().int(),
});
export type DeviceGrade = z.infer<typeof deviceGradeSchema>;
