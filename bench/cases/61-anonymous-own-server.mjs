// Optional (BENCH_CASES=anonymous-own-server): the anonymous grant with the per-IP limit ON, on its own
// fresh server like anonymous-no-rate-limit's, so the two differ by the limiter alone (the `anonymous`
// case shares one server with the refresh cases and its 1000 member sessions).
import { BENCH_CLIENT, vitrineCase } from '../lib/vitrine.mjs';

export default {
  id: 'anonymous-own-server',
  title: 'Vitrine anonymous grant on its own server (limit on)',
  perDatabase: true,
  optional: true,
  targets: [{ baseline: 'bare-jwt', atLeast: 0.8, label: '≥ 80 % of the bare ES256 route' }],
  run: ({ db, config }) =>
    vitrineCase({
      label: `anonymous-own-server@${db.name}`,
      db,
      config,
      env: { VITRINE_TOKEN_RATE_LIMIT: '1000000000' },
      body: () => ({ clientId: BENCH_CLIENT, grantType: 'anonymous' }),
    }),
};
