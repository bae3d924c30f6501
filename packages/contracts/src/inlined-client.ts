import type { AboutApp, ClientFunction, ClientSecureData } from './client';
import type { Language } from './locale';

/**
 * What the server writes into a page's HTML for the client number of its path (issue 28), as
 * `<script type="application/json" id="cp-client">`: the public answers of get-client-secure-data,
 * get-about-app and the client's function list, so the first page paints without waiting for them.
 * Nothing about a user. A module of its own, without zod, as the web's entry reads it.
 */
export const INLINED_CLIENT_ELEMENT_ID = 'cp-client';

export interface InlinedClient {
  clientNo: string;
  /** The language its texts (agreement titles) are in: the one the browser asked the server for. */
  language: Language;
  secure: ClientSecureData;
  about: AboutApp;
  functions: ClientFunction[];
}

/**
 * What the web build's server-side render of the login page (`dist/prerender/login-page.js`) offers
 * the server: the page's markup for a client and language, so it paints from the HTML before any
 * script has run (issue 28). The app replaces it with the same page once its scripts are in.
 */
export interface LoginPagePrerender {
  renderLoginPage(input: { clientNo: string; language: Language; about: AboutApp }): string;
}
