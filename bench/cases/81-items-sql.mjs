// Baseline for items-query: the same query as hand-written SQL through `pg` (Pool max 10) behind a bare
// node:http route, on the same table, rows and indexes (servers/items-sql.mjs). Runs after items-query,
// whose server loaded the items and built the price sort index.
import { log, serverCase } from '../lib/harness.mjs';
import { checkItemsAnswer, ITEMS, ITEMS_LATENCY_RUN, itemsQueryBodies } from '../lib/vitrine.mjs';

export default {
  id: 'items-sql',
  title: `baseline: the same items query as hand-written SQL through pg, node:http (PostgreSQL only)`,
  perDatabase: true,
  databases: ['postgres'],
  run: ({ db }) =>
    serverCase({
      label: `items-sql@${db.name}`,
      server: { script: 'servers/items-sql.mjs', env: { ...db.env } },
      onReady: (info) =>
        log(`items-sql@${db.name}: ${ITEMS} items from items-query's server; plan: ${info.plan.join(' ')}`),
      request: () => ({
        path: '/items/query',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies: itemsQueryBodies(),
      }),
      check: checkItemsAnswer,
      latency: ITEMS_LATENCY_RUN,
    }),
};
