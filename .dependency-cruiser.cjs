/**
 * The server as a stack of layers (issue #49). `npm run lint:deps` checks it; CI runs it with the other static
 * checks. LAYERS is the one ordered list: a file may import its own layer and the layers listed before it, never
 * one listed after it. The only exception is a type-only import of `context.ts` (the AppContext type every
 * plugin receives; the object itself is built at boot). Tests are checked too, by the same order: a test may
 * import its own layer and below, and `packages/server/test-support/` (the harness, which may reach anything).
 * The tables in packages/server/README.md ("Layers" and "Folders") say the same in words:
 * change both together.
 */
const SRC = '^packages/server/src/';
const TEST_SUPPORT = '^packages/server/test-support/';
const TEST = '\\.test\\.ts$';

/** Bottom first. Every top-level folder of packages/server/src is in exactly one layer; `[root files]` are
 * the files directly in src/ (app.ts, context.ts, cli*.ts, main.ts, index.ts). */
const LAYERS = [
  { name: 'kernel', folders: ['errors', 'store', 'config'] },
  { name: 'foundations', folders: ['concurrency', 'security', 'sessions', 'sites', 'i18n', 'http', 'metrics'] },
  { name: 'domain', folders: ['data', 'members', 'webhooks', 'mail', 'phone', 'push', 'media', 'owners'] },
  { name: 'flows', folders: ['identity', 'oauth', 'commerce', 'graphql', 'storefront', 'health'] },
  { name: 'pages', folders: ['sign-in'] },
  { name: 'admin', folders: ['admin', 'member-admin', 'settings', 'backup', 'console', 'config-files'] },
  { name: 'boot', folders: ['[root files]'] },
];

const ROOT_FILES = `${SRC}[^/]+$`;
const pathsOf = (layers) => {
  const folders = layers.flatMap((l) => l.folders).filter((f) => f !== '[root files]');
  const root = layers.some((l) => l.folders.includes('[root files]'));
  return [...(folders.length ? [`${SRC}(${folders.join('|')})/`] : []), ...(root ? [ROOT_FILES] : [])];
};
const CONTEXT = `${SRC}context\\.ts$`;

const layerRules = LAYERS.slice(0, -1).flatMap((layer, i) => {
  const higher = LAYERS.slice(i + 1);
  const names = higher.map((l) => l.name).join(', ');
  return [
    {
      name: `${layer.name}-imports-no-higher-layer`,
      severity: 'error',
      comment: `${layer.name} (${layer.folders.join(', ')}) may import only its own layer and those below it, not ${names}. Move the shared piece down, or the importing file up (packages/server/README.md, "Layers").`,
      from: { path: pathsOf([layer]) },
      to: { path: pathsOf(higher), pathNot: CONTEXT },
    },
    {
      name: `${layer.name}-imports-context-as-type-only`,
      severity: 'error',
      comment:
        'context.ts is built at boot; a lower layer may name the AppContext type (`import type`), never import a value from it.',
      from: { path: pathsOf([layer]) },
      to: { path: CONTEXT, dependencyTypesNot: ['type-only'] },
    },
  ];
});

/**
 * Folders with a public face (issue #49): outside the folder, a file (test files included) imports the folder's
 * `index.ts`, never a file inside it; inside, files import each other freely. `packages/server/test-support/`
 * is outside `src/` and may reach anything. The face's groups say who uses what: a long face is a sign the
 * folder does several jobs.
 */
const FACES = ['identity', 'data', 'members', 'security', 'commerce'];

const faceRules = FACES.map((folder) => ({
  name: `${folder}-through-its-index`,
  severity: 'error',
  comment: `Outside ${folder}/, import ${folder}/index.ts, not a file inside it. If what you need is meant for other folders, export it there, in the group it belongs to (packages/server/README.md, "Layers").`,
  from: { path: SRC, pathNot: `${SRC}${folder}/` },
  to: { path: `${SRC}${folder}/`, pathNot: `${SRC}${folder}/index\\.ts$` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: the files in it can only be understood (and loaded) together. Break it by passing what one side needs as an argument.',
      from: { path: SRC, pathNot: TEST },
      to: { circular: true },
    },
    ...layerRules,
    ...faceRules,
    {
      name: 'folder-in-a-layer',
      severity: 'error',
      comment:
        'Every top-level folder of packages/server/src is in one layer: add a new folder to LAYERS in .dependency-cruiser.cjs (and to the README tables).',
      from: { path: SRC, pathNot: pathsOf(LAYERS) },
      to: {},
    },
    {
      name: 'folder-in-a-layer-imported',
      severity: 'error',
      comment:
        'An import of a file in a folder that is in no layer: add the folder to LAYERS in .dependency-cruiser.cjs.',
      from: {},
      to: { path: SRC, pathNot: pathsOf(LAYERS) },
    },
    {
      name: 'folder-in-a-layer-orphan',
      severity: 'error',
      comment: 'A file that imports nothing and that nothing imports, in a folder that is in no layer.',
      from: { orphan: true, path: SRC, pathNot: pathsOf(LAYERS) },
      to: {},
    },
    {
      name: 'no-test-support-in-production',
      severity: 'error',
      comment:
        'test-support/ is the test harness and is not in the published package: production source never imports it.',
      from: { path: SRC, pathNot: TEST },
      to: { path: TEST_SUPPORT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests are in the graph (the layer rules hold for them too); test-support is followed but judged by no rule.
    exclude: { path: ['\\.d\\.ts$', 'node_modules'] },
    // Type-only imports count too: a circle of types is still a circle a reader has to hold at once.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
