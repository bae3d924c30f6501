import * as userEndpoints from '@cloudphone/contracts/endpoints/merchant/user';
import { ResponseCode, type Envelope } from '@cloudphone/contracts/envelope';
import { asksForCustomerService, ERRORS, errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import { REQUEST_TIMEOUT_MS } from '@cloudphone/contracts/limits';
import { APP_VERSION } from './app-version';
import { browserFingerprint } from './fingerprint';
import { currentLanguage } from './i18n/index';

/** A call that did not succeed: the envelope code (or a local one) and the text shown for it. */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** A write that may legitimately repeat while one is in flight (reads are never refused). */
  allowDuplicate?: boolean;
  /** Do not show a notification on failure; the caller shows its own. */
  silent?: boolean;
  /** Set false for the refresh call itself, which must not trigger another refresh. */
  auth?: boolean;
  /** A token to send instead of the stored one (the user info right after login, before it is kept). */
  token?: string;
  /** The logout call itself: an expired or invalid session just fails it, with no refresh and no second logout. */
  signingOut?: boolean;
}

/** An error the client detects itself (duplicate, timeout, network…), with its catalogue code and text. */
function localError(key: ErrorKey): RequestError {
  return new RequestError(ERRORS[key].code, errorMessage(key, currentLanguage()));
}

function httpErrorKey(status: number): ErrorKey {
  if (status === 404) return 'interfaceNotFound';
  if (status === 401 || status === 403) return 'authorizationFailed';
  if (status === 502 || status === 503 || status === 504) return 'gatewayError';
  // A body over its limit is refused before it is read (DESIGN §3's one exception to HTTP 200).
  if (status === 413) return 'invalidParameter';
  return 'otherError';
}

function xsrfToken(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith('XSRF-TOKEN='))
    ?.slice('XSRF-TOKEN='.length);
}

/**
 * What the request layer needs of the signed-in session. The session store plugs itself in
 * (`connectSession`), so this layer never imports it back: no import circle.
 */
export interface SessionPort {
  current(): { tenantId: number | null; clientId: number | null; token: string | null; refreshToken: string | null };
  setTokens(token: string, refreshToken: string): void;
  /** The login ended (refresh failed, session invalid): forget it and go to login. */
  clearLogin(): void;
}

let sessionPort: SessionPort = {
  current: () => ({ tenantId: null, clientId: null, token: null, refreshToken: null }),
  setTokens: () => undefined,
  clearLogin: () => undefined,
};

export function connectSession(port: SessionPort): void {
  sessionPort = port;
}

/** The signed-in session as the request layer sees it, for what goes beside `request` (the live channel, analytics). */
export function currentSession(): ReturnType<SessionPort['current']> {
  return sessionPort.current();
}

/**
 * How a failure is shown to the user (a danger notification, spec §9). The notifications store plugs
 * itself in (`connectNotifications`), so this layer never imports it.
 */
export type ShowFailure = (message: string, toCustomerService: boolean) => void;

let showFailure: ShowFailure = () => undefined;

export function connectNotifications(show: ShowFailure): void {
  showFailure = show;
}

/**
 * `withXsrf`: reading `document.cookie` is a synchronous trip to the browser's network process, a few
 * milliseconds each on a phone's CPU, and the server checks the XSRF header only on calls that change
 * state — so a GET goes without it.
 */
function headers(options: RequestOptions, withXsrf = (options.method ?? 'GET') !== 'GET'): Record<string, string> {
  const { tenantId, clientId } = sessionPort.current();
  const token = options.token ?? sessionPort.current().token;
  const h: Record<string, string> = {
    'Accept-Language': currentLanguage(),
    'app-version': APP_VERSION,
    'device-id': browserFingerprint(),
  };
  if (tenantId !== null) h['tenant-id'] = String(tenantId);
  if (clientId !== null) h['client-id'] = String(clientId);
  if (token && options.auth !== false) h.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) h['Content-Type'] = 'application/json';
  const xsrf = withXsrf ? xsrfToken() : undefined;
  if (xsrf) h['X-XSRF-TOKEN'] = xsrf;
  return h;
}

/**
 * The headers of a signed-in API call, for calls that cannot go through `request` (the tus upload,
 * the live-events stream): tenant, language, token and XSRF header as `request` sends them.
 */
export function apiHeaders(): Record<string, string> {
  return headers({}, true);
}

/**
 * Makes sure the access token is fresh: a cheap signed-in call, which refreshes an expired token
 * once (spec §4) — for the upload and live-events channel, which see a 401 but cannot refresh.
 */
export async function refreshSession(): Promise<boolean> {
  return request(userEndpoints.get.path, { silent: true }).then(
    () => true,
    () => false,
  );
}

function withQuery(url: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** One HTTP exchange with the 5 s timeout: an envelope, or a RequestError for transport failures. */
async function transport(url: string, options: RequestOptions): Promise<Envelope> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(withQuery(url, options.query), {
        method: options.method ?? 'GET',
        headers: headers(options),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch {
      throw localError(controller.signal.aborted ? 'requestTimeout' : 'networkError');
    }
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    if (envelope && typeof envelope.code === 'number' && (response.ok || response.status === 500)) return envelope;
    throw localError(httpErrorKey(response.status));
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof RequestError)) throw localError('requestTimeout');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

let refreshing: Promise<void> | null = null;

/** Exactly one refresh at a time: every request that meets a 401 meanwhile waits for the same one. */
function refreshOnce(): Promise<void> {
  refreshing ??= (async () => {
    const refreshToken = sessionPort.current().refreshToken;
    const reply = refreshToken
      ? await transport(auth.refreshToken.path, {
          method: auth.refreshToken.method,
          body: { refreshToken },
          auth: false,
        }).catch(() => null)
      : null;
    const tokens = reply?.code === ResponseCode.OK ? (reply.data as ReplyOf<typeof auth.refreshToken>) : null;
    if (!tokens) throw endSession('tokenExpired');
    sessionPort.setTokens(tokens.accessToken, tokens.refreshToken);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A failed refresh, a 401 on the refresh call or a code 400 logs the user out (spec §4). */
function endSession(key: ErrorKey, message?: string): RequestError {
  const error = new RequestError(ERRORS[key].code, message || errorMessage(key, currentLanguage()));
  if (sessionPort.current().token) {
    showFailure(error.message, false);
    sessionPort.clearLogin();
  }
  return error;
}

async function send<T>(url: string, options: RequestOptions, mayRefresh: boolean): Promise<T> {
  // Requests started while a refresh is under way wait for it, then go with the new token.
  if (refreshing && options.auth !== false) await refreshing.catch(() => undefined);
  const tokenSent = sessionPort.current().token;
  const envelope = await transport(url, options);
  if (envelope.code === ResponseCode.OK) return envelope.data as T;
  const sessionCode = envelope.code === ResponseCode.TOKEN_EXPIRED || envelope.code === ResponseCode.SESSION_INVALID;
  if (sessionCode && options.signingOut) throw new RequestError(envelope.code, envelope.msg, envelope.data);
  if (envelope.code === ResponseCode.TOKEN_EXPIRED && options.auth !== false) {
    if (!mayRefresh || !sessionPort.current().refreshToken) throw endSession('tokenExpired');
    // Sent before a refresh that has ended since: the new token is here already, no second refresh.
    if (sessionPort.current().token === tokenSent) await refreshOnce();
    return send<T>(url, options, false);
  }
  if (envelope.code === ResponseCode.SESSION_INVALID) throw endSession('sessionInvalid', envelope.msg);
  throw new RequestError(
    envelope.code,
    envelope.msg || errorMessage('systemException', currentLanguage()),
    envelope.data,
  );
}

const inFlight = new Set<string>();

/**
 * The one way the app talks to the server (spec §7, DESIGN §3): same-origin JSON with the client's
 * headers; failures are shown in a danger notification unless `silent`. An identical write already in
 * flight — the user submitting twice — is refused locally with code -1. Reads are never refused: a
 * list's own refetch beside the user's is no resubmission, and the guard never speaks for a request
 * the user did not make; each read goes, so none answers with what was true before a change.
 */
export function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  if ((options.method ?? 'GET') === 'GET') return shown<T>(send<T>(url, options, true), options);
  const key = `${options.method} ${withQuery(url, options.query)} ${JSON.stringify(options.body ?? null)}`;
  return guarded<T>(key, url, options);
}

/** A write: refused while the identical one is in flight, unless it may repeat. */
async function guarded<T>(key: string, url: string, options: RequestOptions): Promise<T> {
  if (!options.allowDuplicate && inFlight.has(key))
    return shown<T>(Promise.reject(localError('duplicateRequest')), options);
  inFlight.add(key);
  try {
    return await shown<T>(send<T>(url, options, true), options);
  } finally {
    inFlight.delete(key);
  }
}

/** Shows a failure to the user (unless `silent`, or the session ended: that says so itself), and passes it on. */
async function shown<T>(work: Promise<T>, options: RequestOptions): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const failure = error instanceof RequestError ? error : localError('systemException');
    const loggedOut = failure.code === ResponseCode.SESSION_INVALID || failure.code === ResponseCode.TOKEN_EXPIRED;
    if (!options.silent && !loggedOut) showFailure(failure.message, asksForCustomerService(failure.code));
    throw failure;
  }
}
