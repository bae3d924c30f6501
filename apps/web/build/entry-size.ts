import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a phone downloads before the first page may run (issue 10 §6): at most this many gzip bytes of
 * entry script and styles. Pages, locales and dialogs load on demand and are not counted.
 */
export const ENTRY_BUDGET_GZIP_BYTES = 140 * 1024;

/** A shell of the web app: its page in the build, and the path it is served under. */
export interface Shell {
  html: string;
  base: string;
}
/** The phone app (index.html at /app/); the console is `{ html: 'console/console.html', base: '/console/' }`. */
export const PHONE_APP: Shell = { html: 'index.html', base: '/app/' };
export const CONSOLE: Shell = { html: 'console/console.html', base: '/console/' };

/** The files a shell's page loads at once: its scripts, module preloads and stylesheets, relative to the build. */
export function entryFiles(dist: string, shell: Shell = PHONE_APP): string[] {
  const html = readFileSync(join(dist, shell.html), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const served = new RegExp(`(?:src|href)="${shell.base}([^"]+\\.(?:js|css))"`);
  const folder = shell.html.includes('/') ? shell.html.slice(0, shell.html.lastIndexOf('/') + 1) : '';
  return tags
    .filter((tag) => /<script\b/.test(tag) || /rel="(?:modulepreload|stylesheet)"/.test(tag))
    .map((tag) => served.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined)
    .map((file) => folder + file);
}

export interface EntrySize {
  files: number;
  raw: number;
  /**
   * As served: the .gz and .br files the build writes beside each file (apps/web/vite.config.ts), or the
   * file itself where compressing would not make it smaller (the build then writes no twin).
   */
  gzip: number;
  brotli: number;
}

/** What the server sends for `file` to a browser that accepts `suffix` (.gz, .br): the twin, else the file. */
const servedSize = (file: string, suffix: string) => statSync(existsSync(file + suffix) ? file + suffix : file).size;

/** A shell's entry bytes raw and as served compressed. */
export function entrySize(dist: string, shell: Shell = PHONE_APP): EntrySize {
  const files = entryFiles(dist, shell).map((file) => join(dist, file));
  const sum = (suffix: string) => files.reduce((total, file) => total + servedSize(file, suffix), 0);
  return { files: files.length, raw: sum(''), gzip: sum('.gz'), brotli: sum('.br') };
}
