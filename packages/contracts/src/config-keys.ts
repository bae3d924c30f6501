/**
 * Tenant configuration keys (spec §9 "config keys for limits") with their defaults.
 * The server reads a tenant's stored value first and falls back to these; clients ask
 * for them through `GET /api/merchant/config/getKeys?keys=`.
 */
export const LIMIT_CONFIG_DEFAULTS = {
  'give.user.day.count': 5,
  'give.phone.day.count': 1,
  'give.frequency.hours': 24,
  'give.expire.min.hours': 24,
  'give.batch.count': 5,
  'template.user.max': 5,
  'template.day.count': 5,
  'template.expire.days': 30,
  'clone.batch.count': 10,
  'clone.user.day.count': 20,
  'clone.expire.hours': 24,
  'replace.business.status': 1,
  'upload.batch.device.count': 20,
  /** Room each user's uploaded files may take, in MB (issue 14: a per-user quota the merchant sets). */
  'upload.user.storage.mb': 20 * 1024,
  /**
   * The data saver a new account starts with, kbps (issue 58): 0 is none. An account that never chose
   * its own follows this.
   */
  'stream.data.saver.kbps': 0,
} as const;
export type LimitConfigKey = keyof typeof LIMIT_CONFIG_DEFAULTS;
export const LIMIT_CONFIG_KEYS = Object.keys(LIMIT_CONFIG_DEFAULTS) as LimitConfigKey[];

/**
 * Client (infra) configuration read through `POST /api/infra/config/get-config`.
 * Values are strings; an empty string means "not configured".
 */
export const CLIENT_CONFIG_DEFAULTS = {
  /** A domain the merchant is leaving: visitors on it see the old-domain notice (spec §8). */
  'domain.old': '',
  /** Where the old-domain notice sends visitors. */
  'domain.new': '',
  /** The merchant's own host, where the login page also lives at /app/login/{clientNo} (spec §2). */
  'merchant.host': '',
  /** Shown in about-us. */
  'app.version': '0.1.0',
  /** Where the download page points for the desktop client. */
  'download.url': '',
  /** The desktop client's current version: the download page shows it, the desktop's update check reads it (issue 29). */
  'desktop.version': '0.1.0',
} as const;
export type ClientConfigKey = keyof typeof CLIENT_CONFIG_DEFAULTS;
export const CLIENT_CONFIG_KEYS = Object.keys(CLIENT_CONFIG_DEFAULTS) as ClientConfigKey[];
