// Size budget of the SDK: the auth entry (everything `@vitrine/sdk` exports) must stay under
// 6 KiB min+gzip (5 KiB before second factors, issue #14); with the data module, under 11 KiB.
// Exits 1 when a budget is exceeded.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const src = fileURLToPath(new URL('../packages/sdk/src/', import.meta.url));
const entries = [{ name: '@vitrine/sdk (auth)', contents: `export * from './index.ts';`, budget: 6144 }];
if (existsSync(src + 'data/index.ts')) {
  entries.push({
    name: '@vitrine/sdk + @vitrine/sdk/data',
    contents: `export * from './index.ts';\nexport * from './data/index.ts';`,
    budget: 11264,
  });
}

// Second factors and SSO are entries of their own (`@vitrine/sdk/mfa`, `@vitrine/sdk/sso`), measured
// with the core they run on, so using them never grows the auth entry.
entries.push(
  { name: '@vitrine/sdk + @vitrine/sdk/mfa', contents: `export * from './index.ts';\nexport * from './mfa/index.ts';`, budget: 7168 },
  { name: '@vitrine/sdk + @vitrine/sdk/sso', contents: `export * from './index.ts';\nexport * from './sso/index.ts';`, budget: 6656 },
);

let failed = false;
for (const { name, contents, budget } of entries) {
  const result = await build({
    stdin: { contents, resolveDir: src, loader: 'ts', sourcefile: 'size-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const gzipped = gzipSync(code, { level: 9 }).length;
  const ok = gzipped <= budget;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name}: ${code.length} B min, ${gzipped} B min+gzip (budget ${budget} B)`);
}
process.exit(failed ? 1 : 0);
