// `vitrine serve` as `npm start` runs it (its node flags and glibc's setting, bin/node-flags.js), on a folder of
// its own and a free port, for the footprint benches (footprint.mjs, footprint-ab.mjs); its RSS; and the Stores
// product query they load it with.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { nodeEnvFromEnv, nodeFlagsFromEnv } from '../../packages/server/bin/node-flags.js';
import { ROOT } from './harness.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The resident memory of process `pid` in MB (`VmRSS`: the node binary's pages included). */
export const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** `vitrine serve` on `dataDir` with `env` on top of this process's; resolves once /healthz answers. */
export async function serveVitrine(dataDir, env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeFlagsFromEnv(env).flags, join(ROOT, 'packages/server/bin/vitrine.js'), 'serve', '--data-dir', dataDir],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        // As `npm start` and `vitrine serve` start it: glibc's setting in its environment (bin/node-flags.js).
        ...nodeEnvFromEnv({ ...process.env, ...env }).env,
        PORT: String(port),
        DATABASE_URL: '',
        VITRINE_DATA_QUERY_RATE_LIMIT: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-2000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vitrine serve exited (${child.exitCode}): ${stderr}`);
    if (performance.now() - started > 180_000) throw new Error('vitrine serve did not answer within 180 s');
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(50);
  }
  const readyMs = performance.now() - started;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  };
  return { port, pid: child.pid, readyMs, stop };
}

/**
 * The demo shop's Stores product query (12 products by price) as an anonymous visitor, checked once: the request
 * for `runLoad`.
 */
export async function productQuery(port) {
  const token = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
  }).then((r) => r.json());
  const body = JSON.stringify({ query: { sort: JSON.stringify([{ price: 'asc' }]), paging: { limit: 12 } } });
  const request = {
    path: '/stores-reader/v1/products/query-platformized',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.access_token },
    bodies: [body],
  };
  const probe = await fetch(`http://127.0.0.1:${port}${request.path}`, { ...request, body });
  const products = (await probe.json()).products?.length;
  if (!probe.ok || !products) throw new Error(`the product query answered ${probe.status} with ${products} products`);
  return request;
}
