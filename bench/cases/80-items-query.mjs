// Vitrine's data items API on PostgreSQL: POST /wix-data/v2/items/query on a 100 000-item collection,
// filter (category equality + price floor) + sort by price + limit 50, as a visitor (read: ANYONE), 8 bodies
// round-robin. Its own server (`--items`): loads the items with one SQL statement and waits for the
// on-demand price sort index before listening (steady state). Then a 1-connection run for the p50 target.
import { log, serverCase } from '../lib/harness.mjs';
import { checkItemsAnswer, ITEMS, ITEMS_LATENCY_RUN, itemsQueryBodies } from '../lib/vitrine.mjs';

export default {
  id: 'items-query',
  title: `Vitrine data items query, ${ITEMS} items: filter + sort + limit 50 (PostgreSQL only)`,
  perDatabase: true,
  databases: ['postgres'],
  targets: [
    { p50AtMost: 5, label: 'p50 ≤ 5 ms' },
    { baseline: 'items-sql@postgres', atLeast: 0.5, label: '≥ 50 % of the hand-written SQL' },
  ],
  run: ({ db, config }) =>
    serverCase({
      label: `items-query@${db.name}`,
      server: {
        script: 'servers/vitrine.mjs',
        args: ['--config', config, ...db.fresh().args, '--items', String(ITEMS)],
        // The loader inserts all items in one statement (seconds); the timeout stays on, just above that.
        env: { ...db.env, VITRINE_TOKEN_RATE_LIMIT: '1000000000', VITRINE_STATEMENT_TIMEOUT_MS: '120000' },
        timeoutMs: 180_000,
      },
      onReady: (info) => {
        const t = info.items?.timings ?? {};
        log(
          `items-query@${db.name}: ${info.items?.count} items ${t.reused ? 'already loaded (kept)' : `inserted in ${t.insertMs} ms, analyze ${t.analyzeMs} ms`}; price sort index (server-built, on demand) ready after ${t.sortIndexMs} ms`,
        );
      },
      request: (info) => ({
        path: '/wix-data/v2/items/query',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: info.visitorAccessToken },
        bodies: itemsQueryBodies(),
      }),
      check: checkItemsAnswer,
      latency: ITEMS_LATENCY_RUN,
    }),
};
