import { z } from 'zod';
import { ADB_KEY_NAME_MAX, ADB_PUBLIC_KEY_MAX_LENGTH } from './adb';
import { idParam, idSchema } from './bounds';

/**
 * ADB access to a phone (issue 35): its owner switches it on, the phone's host opens a TCP endpoint
 * for it alone (the adb handshake names no device, so one port a phone), and the standard `adb`
 * client connects with a key the account holds. Off until switched on; any end of access closes it.
 */

export const adbPhoneBody = z.object({ userPhoneId: idSchema });
export const adbPhoneQuery = z.object({ userPhoneId: idParam });

/** A phone's ADB access: where `adb connect` reaches it when on. */
export const adbAccessSchema = z.object({
  enabled: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
});
export type AdbAccess = z.infer<typeof adbAccessSchema>;

/** `POST /api/merchant/user/adb-key/add`: the contents of `~/.android/adbkey.pub`, under a name. */
export const adbKeyAddBody = z.object({
  name: z.string().trim().min(1).max(ADB_KEY_NAME_MAX),
  publicKey: z.string().trim().min(1).max(ADB_PUBLIC_KEY_MAX_LENGTH),
});
export const adbKeyIdQuery = z.object({ keyId: idParam });

export const adbKeySchema = z.object({
  keyId: z.number().int(),
  name: z.string(),
  /** The key's SHA-256, as a person compares two keys. */
  fingerprint: z.string(),
  /** The name `adb` gave the key (user@host), from the line itself. */
  comment: z.string(),
  createdAt: z.number().int(),
});
export type AdbKey = z.infer<typeof adbKeySchema>;
export const adbKeyAddedSchema = z.object({ keyId: z.number().int() });
