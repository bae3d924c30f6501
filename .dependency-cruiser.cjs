/**
 * The web app's one-way graph (issue 23, DESIGN §10): shells (app/ on a phone, desktop/ on a computer)
 * mount features; features use the shared layers (components, hooks, lib, stores) and never each other
 * or a shell; the shared layers use no feature; and no import circle anywhere. Part of `npm run lint`.
 */
const WEB = '^apps/web/src/';
const SHARED = `${WEB}(components|hooks|lib|stores)/`;

module.exports = {
  forbidden: [
    {
      name: 'nothing-imports-a-shell',
      comment: 'A shell sits on top: it mounts features, and nothing imports it.',
      severity: 'error',
      from: { path: `${WEB}(features|components|hooks|lib|stores|testing)/` },
      to: { path: `${WEB}(app|desktop)/` },
    },
    {
      name: 'features-apart',
      comment: 'Features never import each other: a shell joins them (lib/joined-views).',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'shared-layers-under-features',
      comment: 'components, hooks, lib and stores serve every feature and shell, and import none of them.',
      severity: 'error',
      from: { path: SHARED, pathNot: '\\.test\\.tsx?$' },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'no-circle',
      severity: 'error',
      from: { path: WEB },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.css$' },
    tsPreCompilationDeps: true,
  },
};
