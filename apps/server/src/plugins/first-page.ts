import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  INLINED_CLIENT_ELEMENT_ID,
  type InlinedClient,
  type LoginPagePrerender,
} from '@cloudphone/contracts/inlined-client';
import type { Language } from '@cloudphone/contracts/locale';
import { themeDeclarations } from '@cloudphone/contracts/theme';

/**
 * What a page's HTML carries so its first page paints early on a slow phone (issue 28): the path's
 * client data as a JSON island, its theme on the root element, module preloads for the page and the
 * language, and — for the login page — the page itself, rendered on the server with its styles.
 * Nothing about a user: the login lives in the browser's storage, which the server never sees.
 */
export interface FirstPage {
  /** Attributes for `<html>`. */
  html: string;
  /** Elements for the end of `<head>`. */
  head: string;
  /** The markup inside the root element; null keeps the page's own placeholder. */
  root: string | null;
}

export type FirstPageWriter = (path: string, language: Language, client: InlinedClient | null) => FirstPage;

/** Reads what the web build left for first pages (older builds lack some of it: those parts are skipped). */
export async function firstPageWriter(dist: string): Promise<FirstPageWriter> {
  const preloads = firstLoadPreloads(dist);
  const login = await loginPrerender(dist);
  return (path, language, client) => {
    const page = pageOf(path);
    const prerendered = client && page === 'login' ? login?.(client, language) : undefined;
    return {
      html: client ? themeAttributes(client, language) : '',
      head: (client ? clientScript(client) : '') + (prerendered ? prerendered.style : preloads(page, language)),
      root: prerendered?.markup ?? null,
    };
  };
}

/** The page a path of the app opens, as first-load.json names it: `/app/login/demo` → login, `/app/demo` → home. */
function pageOf(path: string): string {
  const segments = path
    .replace(/^\/app\/?/, '')
    .split('/')
    .filter(Boolean);
  return segments.length <= 1 ? 'home' : (segments[0] ?? '');
}

/** The client's theme and the page's language on `<html>`, as the app itself would set them. */
function themeAttributes(client: InlinedClient, language: Language): string {
  const style = themeDeclarations(client.about.theme)
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
  return ` lang="${language}" data-theme="${client.about.theme}" style="${escapeAttribute(style)}"`;
}

/** What the web build says a first page loads besides the entry (apps/web/build/first-load.ts). */
interface FirstLoad {
  pages: Record<string, string[]>;
  locales: Record<string, string[]>;
}

/**
 * Module preloads for the page a path opens and the language's texts: a phone then fetches them
 * alongside the entry, not after running it. Only the pages people open first are listed; a client's
 * home path preloads home, which a visitor who is not logged in does not need (the server cannot tell).
 */
function firstLoadPreloads(dist: string): (page: string, language: Language) => string {
  const file = join(dist, 'first-load.json');
  if (!existsSync(file)) return () => '';
  const { pages, locales } = JSON.parse(readFileSync(file, 'utf8')) as FirstLoad;
  return (page, language) =>
    [...(locales[language] ?? []), ...(pages[page] ?? [])]
      .map((f) => `<link rel="modulepreload" crossorigin href="/app/${f}">`)
      .join('');
}

/** Rendered login pages kept per client, language and data: rendering one takes milliseconds. */
const KEPT_LOGIN_PAGES = 200;

/**
 * The login page rendered by the web build's server render (dist/prerender), with the styles its
 * components need inlined, so it paints from the HTML and the entry's stylesheet alone. Until the app
 * draws over it, it takes no taps and its fields no typing: nothing a visitor does there is lost.
 */
async function loginPrerender(
  dist: string,
): Promise<((client: InlinedClient, language: Language) => { markup: string; style: string }) | null> {
  const dir = join(dist, 'prerender');
  const module = join(dir, 'login-page.js');
  if (!existsSync(module)) return null;
  const { renderLoginPage } = (await import(pathToFileURL(module).href)) as LoginPagePrerender;
  const assets = join(dir, 'assets');
  const css = existsSync(assets)
    ? readdirSync(assets)
        .filter((f) => f.endsWith('.css'))
        .map((f) => readFileSync(join(assets, f), 'utf8'))
        .join('')
    : '';
  const style = css ? `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  const kept = new Map<string, string>();
  return (client, language) => {
    const key = JSON.stringify([client.clientNo, language, client.about]);
    let markup = kept.get(key);
    if (markup === undefined) {
      const page = renderLoginPage({ clientNo: client.clientNo, language, about: client.about });
      markup = `<div style="pointer-events:none" aria-busy="true">${page.replace(/<input /g, '<input readonly ')}</div>`;
      if (kept.size >= KEPT_LOGIN_PAGES) kept.delete(kept.keys().next().value as string);
      kept.set(key, markup);
    }
    return { markup, style };
  };
}

/** The client's data as a JSON island; `<` is escaped so no text in it can close the script element. */
function clientScript(client: InlinedClient): string {
  const json = JSON.stringify(client).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${INLINED_CLIENT_ELEMENT_ID}">${json}</script>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
