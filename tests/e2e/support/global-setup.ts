/**
 * Builds the storefront and the console once per test run, before any browser suite starts, instead of
 * once per suite: each production build costs 20–40 s of both cores. A build is kept under
 * node_modules/.cache and reused while none of its inputs changed (the hash below), so a second
 * `npm test` on an unchanged tree builds nothing. Suites read the folders with `builtApps()`.
 *
 * The builds are production builds, as `npm run build` makes them. The storefront is built a second time with
 * React's development build for the suite that proves server-rendered pages hydrate without a warning: only
 * the development build reports an attribute that differs between the server's HTML and the first render.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import type { AppName, BuiltApps } from './apps.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const cache = join(repo, 'node_modules', '.cache', 'vitrine-test-apps');

// Everything a build reads besides node_modules (the lock file stands for those).
const inputs: Record<AppName, string[]> = {
  storefront: ['apps/storefront', 'packages/sdk/src', 'packages/react/src', 'package-lock.json'],
  console: ['apps/console', 'packages/sdk/src', 'package-lock.json'],
};

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.endsWith('.test.tsx'))
    .flatMap((entry) => files(join(path, entry.name)));
}

type ReactBuild = 'production' | 'development';

function inputHash(app: AppName, react: ReactBuild): string {
  const hash = createHash('sha256').update(react);
  // This file is the build's recipe: a change here (the mode, say) must not reuse a build made the old way.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const file of inputs[app].flatMap((path) => files(join(repo, path))).sort()) {
    hash.update(relative(repo, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildOnce(app: AppName, react: ReactBuild = 'production'): Promise<string> {
  const name = react === 'production' ? app : `${app}-react-${react}`;
  const out = join(cache, `${name}-${inputHash(app, react)}`);
  if (existsSync(join(out, 'index.html')) && (app !== 'storefront' || existsSync(join(out, 'ssr', 'entry-server.js'))))
    return out;
  // Built beside the final folder and renamed into place, so a run stopped half-way leaves no half build.
  const partial = `${out}.${process.pid}.partial`;
  const root = join(repo, 'apps', app) + '/';
  const started = Date.now();
  await withNodeEnv(react, async () => {
    await build({
      root,
      configFile: `${root}vite.config.ts`,
      logLevel: 'warn',
      build: { outDir: partial, emptyOutDir: true },
    });
    // The storefront's server-rendering bundle goes where the server looks for it: <build>/ssr/entry-server.js.
    if (app === 'storefront')
      await build({
        root,
        configFile: `${root}vite.config.ts`,
        logLevel: 'warn',
        build: { ssr: 'src/entry-server.tsx', outDir: join(partial, 'ssr'), emptyOutDir: true },
      });
  });
  // Builds of earlier sources are of no more use: keep only this one.
  const earlier = new RegExp(`^${name}-[0-9a-f]{16}(\\.\\d+\\.partial)?$`);
  for (const old of readdirSync(cache)) {
    if (earlier.test(old) && join(cache, old) !== partial) rmSync(join(cache, old), { recursive: true, force: true });
  }
  renameSync(partial, out);
  process.stdout.write(`built the ${name} for the browser tests in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return out;
}

/**
 * Runs `fn` with NODE_ENV set (`production` as `npm run build` has it). Vite replaces `process.env.NODE_ENV`
 * with the process's own value before its mode, and Vitest sets it to `test`: built inside Vitest without
 * this, every suite ran React's development build (its checks and warnings, a 431 KB chunk for 219 KB), which
 * no shopper runs, and the browser suites took a tenth more CPU.
 */
async function withNodeEnv(nodeEnv: ReactBuild, fn: () => Promise<void>): Promise<void> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    await fn();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  mkdirSync(cache, { recursive: true });
  // One after the other: two Vite builds side by side on two cores are no faster and use twice the memory.
  const storefront = await buildOnce('storefront');
  const console = await buildOnce('console');
  const storefrontReactDevelopment = await buildOnce('storefront', 'development');
  project.provide('builtApps', { storefront, console, storefrontReactDevelopment });
}

declare module 'vitest' {
  export interface ProvidedContext {
    builtApps: BuiltApps;
  }
}
