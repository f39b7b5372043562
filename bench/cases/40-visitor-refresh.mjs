// Vitrine's refresh grant with a visitor's sealed refresh token: HMAC check + one ES256 signature, no DB.
import { BENCH_CLIENT, vitrineCase } from '../lib/vitrine.mjs';

export default {
  id: 'visitor-refresh',
  title: 'Vitrine refresh grant, visitor (sealed token, no DB)',
  perDatabase: true,
  targets: [{ baseline: 'oidc-refresh', atLeast: 1.5, label: '≥ 1.5× oidc-provider refresh' }],
  run: ({ db, config }) =>
    vitrineCase({
      label: `visitor-refresh@${db.name}`,
      db,
      config,
      body: (info) => ({ clientId: BENCH_CLIENT, grantType: 'refresh_token', refreshToken: info.visitorRefreshToken }),
    }),
};
