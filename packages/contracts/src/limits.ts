/** Business constants and limits of spec §9: one home, imported by server and clients. */

export const BASE_PATH = '/app/';
export const ROUTE_LEVELS = [0, 1, 2, 3] as const;

export const REQUEST_TIMEOUT_MS = 5_000;
export const SDK_TIMEOUT_MS = 5_000;
export const SECURITY_TOKEN_VALID_SECONDS = 86_400;
/** Phones whose preview keys one call gives (grids, previews and the desktop's windows; issue 23). */
export const SECURITY_TOKEN_BATCH_MAX = 100;
export const PHONE_LIST_CACHE_SECONDS = 300;
export const NOTIFICATION_DURATION_MS = 3_000;

export const DEFAULT_DEFINITION = { width: 720, height: 1280, fps: 30, bitrate: 2048, name: 'auto' } as const;

export const SMS_CODE = { minDigits: 4, maxDigits: 6, issuedDigits: 6, validMinutes: 10, resendSeconds: 60 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 20 } as const;
export const NAME_LENGTH = { min: 1, max: 20 } as const;
export const ACTIVATION_CODE_LENGTH = 12;
export const REDEEM_CODE_MAX_LENGTH = 20;

export const UPLOAD = {
  filesPerSelection: 3,
  maxFileBytes: 2 * 1024 ** 3,
  // The server reads a package on arrival, so only a plain APK is an app (an XAPK bundle is not one).
  packageExtensions: ['.apk'],
} as const;

export const GRANT = { maxAuthorizedPhones: 20, minDays: 1, maxDays: 999, codeLength: 10 } as const;
/** Wrong grant codes an account may try in a window before "Please do not operate frequently". */
export const GRANT_CODE_TRIES = { perAccount: 10, windowMinutes: 15 } as const;
export const SCREENSHOT_MAX_DEVICES = 10;
export const MAIN_CONTROL_MAX_WINDOWS = 20;
export const REPLACE_MAX_DEVICES = 10;
// Transfer limits are the tenant's `give.*` config keys (config-keys.ts), defaults of spec §9.
/** One-key new machine: at most this many phones at once. */
export const NEW_MACHINE_MAX_DEVICES = 10;
export const UPGRADE = { minRemainingDays: 1, maxDifferenceDays: 999 } as const;
export const CONTROL_MIN_VALIDITY_MINUTES = 10;
export const MOBILE_REBIND_DAYS = 30;
export const PLAN_DURATION_DAYS = [1, 3, 7] as const;

export const ANALYTICS = {
  batchSize: { default: 6, min: 1, max: 30 },
  intervalMs: 6_000,
  cap: 500,
  maxPerSend: 50,
  retries: 3,
  timeoutMs: 3_000,
  namePattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/,
} as const;
/** What one analytics event may carry (ours, not the spec's): the SDK trims to it, the collector holds to it. */
export const ANALYTICS_EVENT = { maxProperties: 30, maxValueLength: 500 } as const;

/**
 * Server-side counts behind "Please do not operate frequently" (spec §8). Password tries are refused
 * per account; an address with many failures is slowed down, not refused, so one busy network (a
 * school, a carrier NAT) is never locked out.
 */
export const LOGIN_ATTEMPTS = {
  perAccount: 10,
  perAddressAtFullSpeed: 30,
  windowMinutes: 15,
  slowdownMs: 1_000,
} as const;
/** SMS codes a number and an address may be sent a day, and the tries one code allows. */
export const SMS_SENDS = { perMobilePerDay: 10, perAddressPerDay: 50, triesPerCode: 5 } as const;
/** A phone restarts (reboot, reset, resolution, root, model) at most once in this many seconds. */
export const POWER_OPERATION_INTERVAL_SECONDS = 10;
/** Screenshots: SCREENSHOT_MAX_DEVICES phones in this many seconds per account, a batch's worth (spec §9). */
export const SCREENSHOT_WINDOW_SECONDS = 10;

/**
 * Live-event channels (`GET /api/events`) one account may hold open at once (issue 20): a browser
 * profile shares one among its tabs and windows, so this is room for several devices and profiles.
 */
export const LIVE_EVENT_CHANNELS_PER_ACCOUNT = 10;

/**
 * A push to a phone still starting (just bought, restarting, resetting) waits this long for it to run
 * before it fails as busy (issue 21): under the server's 3-minute stall, so the wait is the host's.
 */
export const PUSH_WAIT_FOR_START_MS = 2 * 60_000;
