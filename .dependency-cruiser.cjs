/** Import rules of docs/ARCHITECTURE.md: web → contract ← server → recon-engine → db; features are islands; lib/ never imports upward. */
module.exports = {
  forbidden: [
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'contract-imports-zod-only',
      severity: 'error',
      from: { path: '^packages/contract', pathNot: '\\.test\\.tsx?$' },
      to: {
        dependencyTypesNot: ['local', 'core'],
        pathNot: ['^node_modules/zod', '^packages/contract', '^packages/formats'],
      },
    },
    {
      name: 'formats-is-a-leaf',
      severity: 'error',
      from: { path: '^packages/formats', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypesNot: ['core'], pathNot: '^packages/formats' },
    },
    {
      name: 'web-not-server-side',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^(apps/server|packages/db|packages/recon-engine)' },
    },
    { name: 'nothing-imports-apps', severity: 'error', from: { path: '^packages' }, to: { path: '^apps' } },
    { name: 'server-not-web', severity: 'error', from: { path: '^apps/server' }, to: { path: '^apps/web' } },
    {
      name: 'engine-not-server',
      severity: 'error',
      from: { path: '^packages/recon-engine' },
      to: { path: '^(apps|packages/contract)' },
    },
    {
      name: 'db-is-a-leaf',
      severity: 'error',
      from: { path: '^packages/db' },
      to: { path: '^(apps|packages/(contract|recon-engine))' },
    },
    {
      name: 'server-features-are-islands',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: { path: '^apps/server/src/features/([^/]+)/', pathNot: '^apps/server/src/features/$1/' },
    },
    {
      name: 'lib-not-upward',
      comment: 'Server lib/ is shared below features, jobs, ingest and the app: it never imports them.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: [
          '^apps/server/src/(features|jobs|ingest|plugins|seed)/',
          '^apps/server/src/(app|main|deps|config)\\.ts$',
        ],
      },
    },
    {
      name: 'web-features-are-islands',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-features',
      severity: 'error',
      from: { path: '^apps/web/src/(ui|lib)/' },
      to: { path: '^apps/web/src/(features|app|shell)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js'],
    },
    combinedDependencies: true,
  },
};
