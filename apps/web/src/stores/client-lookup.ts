import type { AboutApp, ClientFunction } from '@cloudphone/contracts/client';
import { FUNCTION_TYPE_APP } from '@cloudphone/contracts/client-functions';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import * as client from '@cloudphone/contracts/endpoints/merchant/client';
import * as clientFunction from '@cloudphone/contracts/endpoints/merchant/client-function';
import { INLINED_CLIENT_ELEMENT_ID, type InlinedClient } from '@cloudphone/contracts/inlined-client';
import { session } from './session';
import { call } from '../lib/api-client';
import { applyBrand } from '../lib/brand';
import { applyTheme } from '../lib/theme';
import { currentLanguage } from '../lib/i18n/index';
import { track } from '../lib/tracking';

/** A nonzero code is shown by the request layer: the server message, or "system exception" (spec §8). */
const getClientSecureData = (clientNo: string) => call(client.getClientSecureData, { query: { clientNo } });
/** Duplicates are allowed for this call (spec §7). */
const getAboutApp = (clientNo: string) => call(client.getAboutApp, { query: { clientNo } });
const getFunctionList = () => call(clientFunction.list, { query: { functionType: FUNCTION_TYPE_APP } });

/**
 * Looks the client number up (spec §2, §4): tenant and client ids, then its about-app data, theme and
 * function list, for either shell. `usable` is the shell's rule for the client's platform (the phone
 * app takes h5 only, unless a merchant's code opens it); when the client cannot be used here, the
 * caller goes to its 404.
 */
export async function lookUpClient(
  clientNo: string,
  search: string,
  usable: (platform: string, search: string) => boolean,
): Promise<boolean> {
  session.enterClient(clientNo);
  // The page's HTML may carry the answers (issue 28): then all of this happens before React's first
  // render, which finds the client known and paints; the calls below only refresh it.
  const inlined = inlinedClient(clientNo);
  try {
    const secure = inlined?.secure ?? (await getClientSecureData(clientNo));
    if (!usable(secure.platform, search)) return false;
    session.setClient(secure);
    const code = new URLSearchParams(search).get('code');
    if (code) await signInWithCode(code);
    if (inlined) keepClient(clientNo, inlined.about, inlined.functions);
    // The HTML's answers are as fresh as the page; they are asked again only when their texts are in
    // another language than the app's (a language chosen here, not the browser's). Asking anyway would
    // change the stores while React draws the first page, which makes it draw it again at once.
    if (inlined?.language === currentLanguage()) return true;
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
