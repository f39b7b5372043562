// The commerce catalog beside the data path (issue #54): the same 12 products (the demo shop's) listed by the data
// API (`POST /wix-data/v2/items/query`, 12 items) and by catalog v1 (`POST /stores-reader/v1/products/query-platformized`,
// as `@wix/stores` products.queryProducts() sends it), catalog v3 (`POST /stores/v3/products/query`, productsV3) and
// the current cart (`GET /ecom/v1/carts/current`, a visitor's cart of 3 lines), all as that visitor, on one server
// per database. The paths take turns (data, v1, v3, cart, then again) for CATALOG_ROUNDS rounds (default 3), each
// load of BENCH_DURATION s at BENCH_CONNECTIONS connections, so that each ratio compares figures measured side by
// side; each path's figure is its median round. Target: each commerce path ≥ 0.8× the data API's req/s.
import { loadavg } from 'node:os';
import { log, probe, runLoad, startServer } from '../lib/harness.mjs';
import { profileArgs } from '../lib/vitrine.mjs';

const ROUNDS = Math.max(1, Math.min(9, Number(process.env.CATALOG_ROUNDS ?? 3) || 3));
const TARGET = 0.8;
const json = { 'content-type': 'application/json' };

const paths = (token) => [
  {
    name: 'data',
    label: 'data API items query, 12 items',
    path: '/wix-data/v2/items/query',
    method: 'POST',
    headers: { ...json, authorization: token },
    bodies: [JSON.stringify({ dataCollectionId: 'Products', query: { paging: { limit: 12 } } })],
    check: (j) => j?.dataItems?.length === 12,
  },
  {
    name: 'stores-v1',
    label: 'Stores v1 products query, 12',
    path: '/stores-reader/v1/products/query-platformized',
    method: 'POST',
    headers: { ...json, authorization: token },
    bodies: [JSON.stringify({ query: { paging: { limit: 12 } } })],
    check: (j) => j?.products?.length === 12,
  },
  {
    name: 'stores-v3',
    label: 'Stores v3 products query, 12',
    path: '/stores/v3/products/query',
    method: 'POST',
    headers: { ...json, authorization: token },
    bodies: [JSON.stringify({ query: { cursorPaging: { limit: 12 } } })],
    check: (j) => j?.products?.length === 12,
  },
  {
    name: 'cart',
    label: 'eCom current cart, 3 lines',
    path: '/ecom/v1/carts/current',
    method: 'GET',
    headers: { authorization: token },
    check: (j) => j?.cart?.lineItems?.length === 3,
  },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export default {
  id: 'commerce-catalog',
  title: `commerce catalog vs the data API, 12 products (v1, v3, cart; worst ratio shown; ≥ ${TARGET}×)`,
  perDatabase: true,
  async run({ db, config }) {
    const label = `commerce-catalog@${db.name}`;
    log(`${label}: starting server…`);
    const server = await startServer({
      label,
      script: 'servers/vitrine.mjs',
      args: ['--config', config, ...db.fresh().args, '--catalog'],
      env: { ...db.env, VITRINE_TOKEN_RATE_LIMIT: '1000000000' },
      nodeArgs: profileArgs(),
      timeoutMs: 120_000,
    });
    try {
      const { port, visitorAccessToken, catalog } = server.info;
      log(`${label}: ${catalog.products} products, a cart of ${catalog.cartLines} lines`);
      const list = paths(visitorAccessToken);
      for (const p of list) await probe(port, p, p.check);
      const rounds = new Map(list.map((p) => [p.name, []]));
      for (let round = 1; round <= ROUNDS; round++) {
        for (const p of list) {
          const load1 = loadavg()[0];
          const r = await runLoad({ port, request: p, serverPid: server.child.pid });
          rounds.get(p.name).push({ ...r, load1 });
          const bad = r.non2xx || r.errors || r.timeouts ? `  !! ${r.non2xx} non-2xx, ${r.errors} errors` : '';
          log(
            `${label} round ${round}/${ROUNDS} ${p.name.padEnd(9)} ${String(Math.round(r.rps)).padStart(5)} req/s, p50 ${r.p50} ms, ${r.rpcs ? Math.round(r.rpcs) : '-'} req/CPU-s, load1 ${load1.toFixed(2)}${bad}`,
          );
        }
      }
      // Per round, each commerce path over the data API's run of the same round; the median of those ratios.
      const data = rounds.get('data');
      const summary = list.map((p) => {
        const runs = rounds.get(p.name);
        const ratios = runs.map((r, i) => r.rps / data[i].rps);
        const cpuRatios = runs.map((r, i) => (r.rpcs && data[i].rpcs ? r.rpcs / data[i].rpcs : NaN));
        const mid = median(runs.map((r) => r.rps));
        return {
          ...p,
          runs,
          pick: runs.find((r) => r.rps === mid),
          ratio: median(ratios),
          cpuRatio: median(cpuRatios),
          failures: runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
        };
      });
      log(`${label}: medians of ${ROUNDS} rounds (ratio = median of the per-round ratios to the data API)`);
      for (const s of summary) {
        const verdict = s.name === 'data' ? '' : s.failures ? 'N/A (failures)' : s.ratio >= TARGET ? 'PASS' : 'MISS';
        log(
          `  ${s.label.padEnd(32)} ${String(Math.round(s.pick.rps)).padStart(5)} req/s  p50 ${s.pick.p50} ms  ${s.name === 'data' ? 'baseline' : `${s.ratio.toFixed(2)}× (by req/CPU-s ${s.cpuRatio.toFixed(2)}×) ${verdict} ≥ ${TARGET}×`}  rounds ${s.runs.map((r) => Math.round(r.rps)).join('/')}  load1 ${s.runs.map((r) => r.load1.toFixed(1)).join('/')}`,
        );
      }
      const worst = summary.slice(1).reduce((a, b) => (b.ratio < a.ratio ? b : a));
      const sum = (f) => summary.reduce((n, s) => n + s.runs.reduce((m, r) => m + f(r), 0), 0);
      return {
        ...worst.pick,
        non2xx: sum((r) => r.non2xx),
        errors: sum((r) => r.errors),
        timeouts: sum((r) => r.timeouts),
        commerce: Object.fromEntries(
          summary.map((s) => [
            s.name,
            { rps: s.pick.rps, ratio: s.ratio, cpuRatio: s.cpuRatio, rounds: s.runs.map((r) => r.rps) },
          ]),
        ),
      };
    } finally {
      await server.stop();
    }
  },
};
