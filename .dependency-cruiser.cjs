// The module rule (docs/decisions/0010-modules-events-and-endpoint-policy.md), checked by
// `npm run lint`. A server module (apps/server/src/modules/<name>/) or a web feature
// (apps/web/app/features/<name>/) is used by others only through its index.ts, and no
// two of them depend on each other, directly or round a longer loop.
const SERVER = '^apps/server/src/modules/([^/]+)/';
const WEB = '^apps/web/app/features/([^/]+)/';

/** Rules for one family of folders: only the public face crosses, and no loops. */
function familyRules(family, root) {
  return [
    {
      name: `${family}-public-face`,
      comment: `Another ${family} is reached only through its index.ts, never its tables or internals.`,
      severity: 'error',
      from: { path: root },
      to: { path: root, pathNot: [root.replace('([^/]+)', '$1'), `${root.replace('([^/]+)', '[^/]+')}index\\.tsx?$`] },
    },
    {
      name: `${family}-no-cycle`,
      comment: `Two ${family}s that need each other are one ${family}, or one of them announces an event.`,
      severity: 'error',
      scope: 'folder',
      from: { path: root.slice(0, -'([^/]+)/'.length) },
      to: { circular: true },
    },
  ];
}

module.exports = {
  forbidden: [
    ...familyRules('server module', SERVER),
    ...familyRules('web feature', WEB),
    {
      name: 'platform-below-modules',
      comment: 'platform/ serves every module and knows none (the module list in modules/index.ts joins them).',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'app/ui and app/lib serve every feature and know none.',
      severity: 'error',
      from: { path: '^apps/web/app/(ui|lib)/' },
      to: { path: '^apps/web/app/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests set up rows across modules and are not part of any module's face.
    exclude: { path: ['(^|/)(node_modules|build|\\.react-router)/', '\\.test\\.tsx?$', '\\.test-helper\\.ts$'] },
    tsPreCompilationDeps: true,
    // Resolves the web's `~/` alias from the root.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
