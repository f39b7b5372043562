// Builds the server into dist/ with esbuild (fast: npm start rebuilds when sources are newer).
// Dependencies stay external; type checking is `npm run typecheck`'s job, not the build's.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    // .json: the message catalogs (src/i18n/catalogs), copied as they are next to the code that reads them.
    return (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) || entry.name.endsWith('.json')
      ? [path]
      : [];
  });
}

/** Newest modification time among the server's sources (0 when there are none). */
export function newestSource() {
  return Math.max(0, ...sources(join(root, 'src')).map((file) => statSync(file).mtimeMs));
}

export async function build() {
  await buildServer();
  await buildGraphiql();
}

/** The server's modules, one built file per source file, into `outdir` (tests build a scratch copy). */
export async function buildServer(outdir = join(root, 'dist')) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: sources(join(root, 'src')),
    outdir,
    outbase: join(root, 'src'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    loader: { '.json': 'copy' },
    logLevel: 'warning',
  });
  await buildVendored(outdir);
}

/**
 * Dependencies the built server loads as one bundled file each instead of from node_modules, keyed by the
 * import specifiers the sources use. typebox ships ~680 small ES modules, and every ES module a process loads
 * costs ~6 KB of heap of its own (module record, scope info, loader bookkeeping) besides its code: bundled,
 * the same entry points hold 1.4 MB of heap instead of 5.7 and load in ~30 ms instead of ~270 (issue #54,
 * bench/RESULTS.md). The sources keep importing `typebox`; the tests run them as they are.
 */
export const VENDORED = {
  typebox: 'typebox',
  'typebox/compile': 'typebox-compile',
  'typebox/format': 'typebox-format',
  'typebox/system': 'typebox-system',
  'typebox/value': 'typebox-value',
};

/** Bundles VENDORED into dist/vendor/ (shared chunks: one instance of each module) and points dist's imports at it. */
export async function buildVendored(dist = join(root, 'dist')) {
  const esbuild = await import('esbuild');
  const vendor = join(dist, 'vendor');
  rmSync(vendor, { recursive: true, force: true }); // no chunk of an earlier build left behind
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(VENDORED).map(([specifier, name]) => [name, specifier])),
    absWorkingDir: root,
    outdir: vendor,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)"([^"]+)"/g;
  for (const file of builtModules(dist)) {
    if (file.startsWith(vendor)) continue;
    const code = readFileSync(file, 'utf8');
    let changed = false;
    const out = code.replace(specifier, (whole, before, name) => {
      const target = VENDORED[name];
      // A new entry point of a vendored package would load the package a second time, from node_modules.
      if (!target && Object.keys(VENDORED).some((v) => name.startsWith(`${v.split('/')[0]}/`)))
        throw new Error(`${relative(root, file)} imports "${name}": add it to VENDORED in scripts/build.mjs`);
      if (!target) return whole;
      changed = true;
      const path = relative(dirname(file), join(vendor, `${target}.js`));
      return `${before}"${path.startsWith('.') ? path : `./${path}`}"`;
    });
    if (changed) writeFileSync(file, out);
  }
}

function builtModules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return builtModules(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/**
 * The development GraphiQL page's script and stylesheet (graphiql, React, CodeMirror) as two local files
 * in dist/graphiql/, so /graphql loads nothing from a CDN. Built for the browser, minified; the server
 * serves it only outside production.
 */
export async function buildGraphiql(outdir = join(root, 'dist', 'graphiql')) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: { graphiql: join(root, 'src', 'graphql', 'ide', 'graphiql-app.tsx') },
    outdir,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    legalComments: 'external',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'dataurl', '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await build();
  console.log(`@vitrine/server built in ${Date.now() - started} ms`);
}
