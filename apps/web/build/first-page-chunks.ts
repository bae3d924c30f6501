import type { CodeSplittingGroup, OutputBundle, OutputChunk } from 'rolldown';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { entryFiles, FIRST_PAGES, withImports } from './first-load';

/**
 * What the app shell loads lazily on every page, whichever page it is (`app/App.tsx`, `app/AppShell.tsx`):
 * loaded with home as far as grouping goes, so what they use (antd-mobile's Dialog…) is not left in a
 * chunk of the phone view that every page would then load.
 */
const ON_EVERY_PAGE = ['src/app/OldDomainNotice.tsx', 'src/lib/live-lists.ts'];

/** Set while the probe build runs, so that build splits as the bundler would on its own. */
const PROBE = 'CLOUDPHONE_FIRST_PAGE_PROBE';

/**
 * The first pages' code in a few files (issue 28): each module a first page loads beyond the entry
 * goes to the chunk of the first pages that load it — `home`, `home~phone-view`… — so a phone opening
 * home fetches four files instead of fifty. On a slow network each file costs a round trip, six at a
 * time (bench/web: home's files and replies 102 → 41, its largest paint 5.5 → 3.9 s with the other
 * changes of issue 28). A page opened later that shares a module loads its first page's chunk, which a
 * visitor who came in through that page already has.
 * The rest is split as the bundler splits it, one chunk per set of importers.
 *
 * Which modules a page loads is learnt from a probe build split the bundler's own way (`write: false`):
 * only the bundler knows which modules survive tree-shaking — a page importing one button from a
 * library's index does not load the library.
 */
export function firstPageChunks(): { plugin: Plugin; group: CodeSplittingGroup } {
  const chunkOf = new Map<string, string>();
  let config: ResolvedConfig;
  const plugin: Plugin = {
    name: 'cloudphone-first-page-chunks',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (process.env[PROBE]) return;
      chunkOf.clear();
      process.env[PROBE] = '1';
      try {
        const probe = await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'silent',
          build: { write: false },
        });
        const bundle = Object.fromEntries(
          (Array.isArray(probe) ? probe : [probe])
            .flatMap((o) => ('output' in o ? o.output : []))
            .map((f) => [f.fileName, f]),
        ) as OutputBundle;
        for (const [module, pages] of pagesLoading(bundle)) chunkOf.set(module, pages.join('~'));
      } finally {
        delete process.env[PROBE];
      }
    },
  };
  // Below the entry's group, which keeps what the entry imports; a module's own dependencies have
  // their own first pages, so they are not pulled along.
  const group: CodeSplittingGroup = {
    name: (id) => chunkOf.get(id) ?? null,
    debugName: 'first-pages',
    priority: 1,
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

/** For each module a first page loads beyond the entry, the first pages that load it. */
function pagesLoading(bundle: OutputBundle): Map<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const inEntry = entryFiles(bundle);
  const pages = new Map<string, string[]>();
  const loads = (page: string, module: string) => {
    const start = chunks.find((c) => c.facadeModuleId?.endsWith(module));
    if (!start) throw new Error(`first-page-chunks: no chunk holds ${module}`);
    for (const file of withImports(start, bundle)) {
      const chunk = bundle[file];
      if (inEntry.has(file) || chunk?.type !== 'chunk') continue;
      for (const id of chunk.moduleIds)
        if (!pages.get(id)?.includes(page)) pages.set(id, [...(pages.get(id) ?? []), page]);
    }
  };
  for (const [page, module] of Object.entries(FIRST_PAGES)) loads(page, module);
  for (const module of ON_EVERY_PAGE) loads('home', module);
  // The same order of pages in every name, whichever was found first.
  const order = Object.keys(FIRST_PAGES);
  for (const by of pages.values()) by.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return pages;
}
