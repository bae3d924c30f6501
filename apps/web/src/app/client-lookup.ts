import type { AboutApp, ClientFunction } from '@cloudphone/contracts/client';
import { INLINED_CLIENT_ELEMENT_ID, type InlinedClient } from '@cloudphone/contracts/inlined-client';
import { errorMessage } from '@cloudphone/contracts/errors';
import { getAboutApp, getClientSecureData, getFunctionList } from '../features/client/api/client';
import { currentLanguage } from '../lib/i18n/index';
import { applyBrand } from '../lib/brand';
import { applyTheme } from '../lib/theme';
import { notify } from '../stores/notifications';
import { session } from '../stores/session';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import { call } from '../lib/api-client';
import { track } from '../lib/tracking';

let early: { clientNo: string; result: Promise<boolean> } | null = null;

/** Starts the look-up of the client the app opens on before React renders (app/first-page.ts). */
export function startClientLookup(clientNo: string, search: string): void {
  early = { clientNo, result: lookUpClient(clientNo, search) };
}

/** The look-up started at start-up for this client, once; else a new one. */
export function clientLookup(clientNo: string, search: string): Promise<boolean> {
  const started = early?.clientNo === clientNo ? early.result : null;
  early = null;
  return started ?? lookUpClient(clientNo, search);
}

/**
 * Looks the client number up (spec §2, §4): tenant and client ids, then its about-app data, theme and
 * function list. Tells whether the client can be used here; when not, the caller goes to /404.
 */
export async function lookUpClient(clientNo: string, search: string): Promise<boolean> {
  session.enterClient(clientNo);
  // The page's HTML may carry the answers (issue 28): then all of this happens before React's first
  // render, which finds the client known and paints; the calls below only refresh it.
  const inlined = inlinedClient(clientNo);
  try {
    const secure = inlined?.secure ?? (await getClientSecureData(clientNo));
    // A non-h5 client is only for entry with a one-time code from the merchant (spec §3, §8).
    if (secure.platform !== 'h5' && !new URLSearchParams(search).has('code')) {
      notify(errorMessage('useH5ClientNo', currentLanguage()));
      return false;
    }
    session.setClient(secure);
    const code = new URLSearchParams(search).get('code');
    if (code) await signInWithCode(code);
    if (inlined) keepClient(clientNo, inlined.about, inlined.functions);
    // About-app again: the HTML's agreement titles are in the browser's language, perhaps not the app's.
    const [about, functions] = await Promise.all([getAboutApp(clientNo), getFunctionList()]);
    keepClient(clientNo, about, functions);
    return true;
  } catch {
    return Boolean(inlined);
  }
}

/**
 * Entry from a merchant's app (issue 29): its one-time code is exchanged for the user's tokens. The
 * code is spent either way, so the address drops it: a reload must not try it again. A refusal is
 * shown by the request layer; the shell then sends the visitor to login.
 */
async function signInWithCode(code: string): Promise<void> {
  const tokens = await call(auth.validateAuthCode, { query: { code } }).catch(() => null);
  if (tokens) {
    await session.login(tokens);
    track('login', { method: 'code' });
  }
  const url = new URL(window.location.href);
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', url);
}

function keepClient(clientNo: string, about: AboutApp, functions: ClientFunction[]): void {
  session.setAboutApp(about);
  session.setFunctions(functions);
  applyTheme(about.theme);
  applyBrand(clientNo, about.clientName);
}

/** The client data the server wrote into the page for this client number, read once. */
function inlinedClient(clientNo: string): InlinedClient | null {
  const element = document.getElementById(INLINED_CLIENT_ELEMENT_ID);
  element?.remove();
  try {
    const data = JSON.parse(element?.textContent ?? 'null') as InlinedClient | null;
    return data?.clientNo === clientNo ? data : null;
  } catch {
    return null;
  }
}
