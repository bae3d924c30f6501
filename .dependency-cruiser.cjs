/**
 * The import graph of every package (issue 50), part of `npm run lint`: no import circle anywhere —
 * type imports count, as a circle of types ties files together as much as one of values. And the web
 * app's one way (issue 23, DESIGN §10): shells (app/ on a phone, desktop/ on a computer, console/ for
 * a merchant's staff) mount
 * features; features use the shared layers (components, hooks, lib, stores) and never each other or
 * a shell; the shared layers use no feature; and lib sits under the stores (issue 52): a store
 * plugs itself into lib where lib needs it.
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
      to: { path: `${WEB}(app|desktop|console)/` },
    },
    {
      name: 'customer-shells-without-console',
      comment:
        "The console's features (issue 62) are a merchant's staff's: the customer shells never import them, so none of their code or texts reaches a customer's bundle.",
      severity: 'error',
      from: { path: `${WEB}(app|desktop)/` },
      to: { path: `${WEB}features/console-` },
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
      name: 'lib-under-stores',
      comment:
        'lib is the plumbing the stores are built on (requests, storage, i18n): a store plugs itself in where lib needs it (connectSession, connectNotifications), so lib, tests included, imports no store.',
      severity: 'error',
      from: { path: `${WEB}lib/` },
      to: { path: `${WEB}stores/` },
    },
    {
      name: 'no-circle',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Built files are not sources; the web build's test fixtures hold a circle on purpose (what the check must catch).
    exclude: { path: ['\\.css$', '^apps/web/build/fixtures/', '/dist/', '/coverage/'] },
    tsPreCompilationDeps: true,
  },
};
