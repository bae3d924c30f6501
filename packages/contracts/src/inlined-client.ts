import type { AboutApp, ClientFunction, ClientSecureData } from './client';

/**
 * What the server writes into a page's HTML for the client number of its path (issue 28), as
 * `<script type="application/json" id="cp-client">`: the public answers of get-client-secure-data,
 * get-about-app and the client's function list, so the first page paints without waiting for them.
 * Nothing about a user. A module of its own, without zod, as the web's entry reads it.
 */
export const INLINED_CLIENT_ELEMENT_ID = 'cp-client';

export interface InlinedClient {
  clientNo: string;
  secure: ClientSecureData;
  about: AboutApp;
  functions: ClientFunction[];
}
