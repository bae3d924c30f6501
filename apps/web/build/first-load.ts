import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where the server finds which files a first page needs besides the entry (issue 28). */
export const FIRST_LOAD_FILE = 'first-load.json';

/** The pages a visitor most often opens first, by the module that draws each. */
export const FIRST_PAGES = {
  login: 'src/features/auth/routes/LoginPage.tsx',
  home: 'src/features/phones/routes/HomePage.tsx',
  'phone-view': 'src/features/phone-view/routes/PhoneViewPage.tsx',
};
/** Each language's texts: ours, and antd-mobile's where its own (Chinese) is not the one in use. */
const LOCALES = {
  'zh-CN': ['src/lib/i18n/locales/zh-CN.ts'],
  'en-US': ['src/lib/i18n/locales/en-US.ts', 'antd-mobile/es/locales/en-US.js'],
};

export interface FirstLoad {
  pages: Record<keyof typeof FIRST_PAGES, string[]>;
  locales: Record<keyof typeof LOCALES, string[]>;
}

/**
 * Writes `first-load.json`: for each first page and language, the files (beyond the entry) it loads.
 * The server names them in the page's HTML as module preloads, so a phone fetches them alongside the
 * entry instead of after it has run — one round trip less before the first page paints on a slow
 * network. Built from the bundle, so it never names a file that is not there.
 */
export function firstLoad(): Plugin {
  return {
    name: 'cloudphone-first-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle as OutputBundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const inEntry = entryFiles(bundle as OutputBundle);
      const filesOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunks.find(
            (c) => c.facadeModuleId?.endsWith(module) || c.moduleIds.some((id) => id.endsWith(module)),
          );
          if (!chunk) this.error(`first-load: no chunk holds ${module}`);
          for (const file of withImports(chunk, bundle)) if (!inEntry.has(file)) files.add(file);
        }
        return [...files];
      };
      const map = <K extends string>(from: Record<K, string[]>) =>
        Object.fromEntries(Object.entries<string[]>(from).map(([name, modules]) => [name, filesOf(modules)])) as Record<
          K,
          string[]
        >;
      const firstLoad: FirstLoad = {
        pages: map(
          Object.fromEntries(Object.entries(FIRST_PAGES).map(([k, v]) => [k, [v]])) as Record<
            keyof typeof FIRST_PAGES,
            string[]
          >,
        ),
        locales: map(LOCALES),
      };
      this.emitFile({ type: 'asset', fileName: FIRST_LOAD_FILE, source: JSON.stringify(firstLoad) });
    },
  };
}

/** The files the entry loads at once: the entry chunks and what they import statically. */
export function entryFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  for (const chunk of Object.values(bundle))
    if (chunk.type === 'chunk' && chunk.isEntry) withImports(chunk, bundle, files);
  return files;
}

/** A chunk's file and those it imports statically, all the way down. */
export function withImports(chunk: OutputChunk, bundle: OutputBundle, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') withImports(imported, bundle, seen);
  }
  return seen;
}
