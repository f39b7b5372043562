/**
 * What the server's folders may import (issue #23). `npm run lint:deps` checks it; CI runs it with the
 * other static checks. The table in packages/server/README.md ("Folders and what each may import") is the
 * same rules in words: change both together.
 */
const SRC = '^packages/server/src/';
// Folders that hold a product capability. `http/` (conventions every route shares) imports none of them.
const FEATURES =
  '(admin|data|graphql|hosted|identity|members|mail|oauth|owners|shop|storefront|webhooks|sign-in|tokens|console|health|settings)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: the files in it can only be understood (and loaded) together. Break it by passing what one side needs as an argument.',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'http-imports-no-feature',
      severity: 'error',
      comment:
        'http/ holds the wire conventions every route shares; a feature plugs its own routes and schemas in, http/ never reaches into it.',
      from: { path: `${SRC}http/` },
      to: { path: `${SRC}${FEATURES}/` },
    },
    {
      name: 'no-feature-imports-admin',
      severity: 'error',
      comment: 'admin/ is an HTTP adapter over the other folders (the admin API); nothing else depends on it.',
      from: { path: SRC, pathNot: [`${SRC}admin/`, `${SRC}app\\.ts$`] },
      to: { path: `${SRC}admin/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '\\.d\\.ts$', 'node_modules'] },
    // Type-only imports count too: a circle of types is still a circle a reader has to hold at once.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
