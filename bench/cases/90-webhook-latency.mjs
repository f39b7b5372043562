// Webhook delivery latency: events at 200/s (one item insert each, through the data API), each
// delivered to a local receiver; latency = arrival at the receiver minus the insert's response
// (the commit). One Vitrine instance in this process with its real delivery loop (500 ms poll, kicked
// after each response), PGlite or the bench PostgreSQL. Optional: BENCH_CASES=webhook-latency.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { log, ROOT } from '../lib/harness.mjs';

const RATE = 200;
const SECONDS = 10;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run({ db } = {}) {
  const dist = (file) => pathToFileURL(join(ROOT, 'packages', 'server', 'dist', file)).href;
  const { createApp } = await import(dist('app.js'));
  const { loadConfig } = await import(dist('config-files/load.js'));
  const arrived = new Map();
  const receiver = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      arrived.set(body.data.id, at);
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;
  const adminKey = 'bench-admin-key-0123456789abcdef';
  const dbUrl = db?.env?.DATABASE_URL || undefined;
  const env = {
    VITRINE_ADMIN_KEY: adminKey,
    PUBLIC_URL: 'http://127.0.0.1:1',
    VITRINE_AUTH_RATE_LIMITS: '0',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  };
  const config = loadConfig({
    env,
    ephemeral: true,
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'vitrine-bench-webhooks-')),
  });
  const app = await createApp({
    config: { ...config, databaseUrl: dbUrl, webhooks: { allowPrivateNetworks: true } },
    logLevel: 'silent',
  });
  const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
  const post = (path, body, auth) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify(body),
    });
  try {
    const created = await post(
      '/_admin/v1/webhooks',
      { siteId: 'demo', url: hookUrl, events: ['item.inserted'] },
      `Bearer ${adminKey}`,
    );
    if (created.status !== 201) throw new Error(`endpoint not created: ${created.status}`);
    const committed = new Map();
    let errors = 0;
    const started = performance.now();
    const pending = [];
    for (let i = 0; i < RATE * SECONDS; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = `wh-bench-${Date.now()}-${i}`;
      pending.push(
        post(
          '/wix-data/v2/items',
          { dataCollectionId: 'Products', dataItem: { data: { _id: id, title: `Bench ${i}` } } },
          adminKey,
        ).then(
          async (r) => {
            await r.arrayBuffer();
            if (r.status === 200) committed.set(id, performance.now());
            else errors++;
          },
          () => errors++,
        ),
      );
    }
    await Promise.all(pending);
    const deadline = performance.now() + 30_000;
    while ([...committed.keys()].some((id) => !arrived.has(id)) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const latencies = [...committed].map(([id, at]) => (arrived.get(id) ?? Infinity) - at).sort((a, b) => a - b);
    const lost = latencies.filter((l) => l === Infinity).length;
    const r = { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
    const elapsed = (performance.now() - started) / 1000;
    log(
      `webhook-latency: ${committed.size} events at ${RATE}/s, delivery after commit p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${lost} not delivered within 30 s, ${errors} failed inserts`,
    );
    return {
      rps: committed.size / elapsed,
      p50: Math.round(r.p50),
      p99: Math.round(r.p99),
      p95: r.p95,
      non2xx: errors,
      errors: lost,
      timeouts: 0,
    };
  } finally {
    await app.close();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

export default {
  id: 'webhook-latency',
  title: 'webhook delivery after commit at 200 events/s (item inserts → local receiver)',
  optional: true,
  perDatabase: true,
  run,
};
