// The demo shop as `npm start` serves it, for the browser benchmarks (bench/lighthouse.mjs,
// bench/cold-product.mjs): builds the server and the storefront when their sources are newer, then runs
// `vitrine serve` on its own port with a fresh data folder (the demo catalog is seeded at first start).
// The child is killed and the folder removed on every way out.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, ROOT } from './harness.mjs';
import { ensureServerBuilt } from './vitrine.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

function ensureStorefrontBuilt() {
  const inputs = ['apps/storefront/src', 'apps/storefront/index.html', 'packages/sdk/src', 'packages/react/src'];
  const sources = Math.max(...inputs.map((p) => newest(join(ROOT, p))));
  const built = join(ROOT, 'apps/storefront/dist/index.html');
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('building apps/storefront/dist (sources are newer)…');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@vitrine/storefront'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('storefront build failed');
}

/** Starts the shop on `port` (PUBLIC_URL http://localhost:port); resolves to `{ base, stop }`. */
export async function startShop(port) {
  await ensureServerBuilt();
  ensureStorefrontBuilt();
  const base = `http://localhost:${port}`;
  const healthy = async () => {
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  };
  if (await healthy()) throw new Error(`something already answers on ${base}; stop it first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-shop-'));
  const child = spawn(
    process.execPath,
    [join(ROOT, 'packages/server/bin/vitrine.js'), 'serve', '--port', String(port), '--data-dir', dataDir],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), PUBLIC_URL: base, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', kill);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  const deadline = Date.now() + Number(process.env.BENCH_START_SECONDS ?? 90) * 1000;
  while (!(await healthy())) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`${base}/healthz did not answer in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      kill();
    },
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
