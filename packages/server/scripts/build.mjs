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
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
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
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await build();
  console.log(`@vitrine/server built in ${Date.now() - started} ms`);
}
