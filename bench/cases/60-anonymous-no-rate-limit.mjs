// Optional (run with BENCH_CASES=anonymous-no-rate-limit): the anonymous grant with the per-IP token
// rate limiter OFF, to show what the limiter (batched: one shared write per IP and second) costs.
// Its own server per database, so it is left out of the default run's budget.
import { BENCH_CLIENT, vitrineCase } from '../lib/vitrine.mjs';

export default {
  id: 'anonymous-no-rate-limit',
  title: 'Vitrine anonymous grant, per-IP token rate limiter off',
  perDatabase: true,
  optional: true,
  targets: [{ baseline: 'bare-jwt', atLeast: 0.8, label: '≥ 80 % of the bare ES256 route' }],
  run: ({ db, config }) =>
    vitrineCase({
      label: `anonymous-no-rate-limit@${db.name}`,
      db,
      config,
      env: { VITRINE_TOKEN_RATE_LIMIT: '0' },
      body: () => ({ clientId: BENCH_CLIENT, grantType: 'anonymous' }),
    }),
};
