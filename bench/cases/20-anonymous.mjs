// Vitrine's anonymous grant: a new visitor, one ES256 signature and one sealed refresh token, no DB write.
import { BENCH_CLIENT, vitrineCase } from '../lib/vitrine.mjs';

export default {
  id: 'anonymous',
  title: 'Vitrine anonymous grant',
  perDatabase: true,
  targets: [{ baseline: 'bare-jwt', atLeast: 0.8, label: '≥ 80 % of the bare ES256 route' }],
  run: ({ db, config }) =>
    vitrineCase({
      label: `anonymous@${db.name}`,
      db,
      config,
      body: () => ({ clientId: BENCH_CLIENT, grantType: 'anonymous' }),
    }),
};
