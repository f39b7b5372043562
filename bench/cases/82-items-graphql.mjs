// GraphQL over the same data as items-query: POST /graphql/alpha with the generic `items` root field, the same
// filter (category equality + price floor), sort by price and limit 50, as a visitor, 8 bodies round-robin
// (filter and floor as variables, one query text). Target: at least 0.8x the REST items-query throughput.
import { log, serverCase } from '../lib/harness.mjs';
import { ITEMS, ITEMS_LATENCY_RUN } from '../lib/vitrine.mjs';

const QUERY = `query Items($filter: JSON) {
  items(collection: "Items", filter: $filter, sort: [{ fieldName: "price", order: ASC }], limit: 50) { items { id data } pagingMetadata { hasNext } }
}`;

const bodies = () =>
  ['c7', 'c3', 'c12', 'c18'].flatMap((category) =>
    [100, 250].map((min) =>
      JSON.stringify({ query: QUERY, variables: { filter: { category, price: { $gte: min } } } }),
    ),
  );

/** 50 items of the asked category, at or above the floor, in price order (the first body: c7, 100). */
function check(json) {
  const items = json?.data?.items?.items;
  if (json?.errors || !Array.isArray(items) || items.length !== 50) return false;
  const prices = items.map((i) => i.data?.price);
  return (
    items.every((i) => i.data?.category === 'c7' && i.data.price >= 100) &&
    prices.every((p, k) => k === 0 || prices[k - 1] <= p)
  );
}

export default {
  id: 'items-graphql',
  title: `Vitrine GraphQL items query, ${ITEMS} items: the items-query filter + sort + limit 50 (PostgreSQL only)`,
  perDatabase: true,
  databases: ['postgres'],
  targets: [{ baseline: 'items-query@postgres', atLeast: 0.8, label: '≥ 80 % of the REST items query' }],
  run: ({ db, config }) =>
    serverCase({
      label: `items-graphql@${db.name}`,
      server: {
        script: 'servers/vitrine.mjs',
        args: ['--config', config, ...db.fresh().args, '--items', String(ITEMS)],
        env: { ...db.env, VITRINE_TOKEN_RATE_LIMIT: '1000000000', VITRINE_STATEMENT_TIMEOUT_MS: '120000' },
        timeoutMs: 180_000,
      },
      onReady: (info) =>
        log(
          `items-graphql@${db.name}: ${info.items?.count} items ${info.items?.timings?.reused ? 'already loaded (kept)' : 'loaded'}`,
        ),
      request: (info) => ({
        path: '/graphql/alpha',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: info.visitorAccessToken },
        bodies: bodies(),
      }),
      check,
      latency: ITEMS_LATENCY_RUN,
    }),
};
