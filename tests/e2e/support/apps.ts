import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export type AppName = 'console' | 'storefront';

const appRoot = (app: AppName) => fileURLToPath(new URL(`../../../apps/${app}/`, import.meta.url));

/** Builds `app` with its own Vite config into `outDir` (its `dist/` when not given); answers the folder. */
export async function buildApp(app: AppName, outDir?: string): Promise<string> {
  const root = appRoot(app);
  await build({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'warn',
    ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
  });
  return outDir ?? join(root, 'dist');
}

/**
 * Builds the apps into a temporary folder of this suite's own: other suites build into the apps' dist
 * folders at the same time. `dirs` go into the server's `consoleDir` / `storefrontDir`; `remove` in afterAll.
 */
export async function buildAppsApart(
  tag: string,
  apps: AppName[],
): Promise<{ dirs: Record<AppName, string>; remove: () => void }> {
  const out = mkdtempSync(join(tmpdir(), `vitrine-${tag}-`));
  const dirs = {} as Record<AppName, string>;
  for (const app of apps) dirs[app] = await buildApp(app, join(out, app));
  return { dirs, remove: () => rmSync(out, { recursive: true, force: true }) };
}
