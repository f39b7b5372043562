// Builds the server into dist/ with esbuild (fast: npm start rebuilds when sources are newer).
// Dependencies stay external; type checking is `npm run typecheck`'s job, not the build's.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: sources(join(root, 'src')),
    outdir: join(root, 'dist'),
    outbase: join(root, 'src'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    loader: { '.json': 'copy' },
    logLevel: 'warning',
  });
  await buildGraphiql();
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
