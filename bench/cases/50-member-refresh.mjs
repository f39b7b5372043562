// Vitrine's refresh grant with member refresh tokens (stored hashed: one DB lookup per request),
// non-rotating client so the tokens can be replayed; 1000 sessions round-robin (51-… : one token reused).
import { BENCH_CLIENT, MEMBER_SESSIONS, vitrineCase } from '../lib/vitrine.mjs';

export default {
  id: 'member-refresh',
  title: `Vitrine refresh grant, member (${MEMBER_SESSIONS} stored sessions, DB lookup)`,
  perDatabase: true,
  targets: [{ baseline: 'oidc-refresh', atLeast: 1.5, label: '≥ 1.5× oidc-provider refresh' }],
  run: ({ db, config }) =>
    vitrineCase({
      label: `member-refresh@${db.name}`,
      db,
      config,
      body: (info) =>
        info.memberRefreshTokens.map((rt) => ({
          clientId: BENCH_CLIENT,
          grantType: 'refresh_token',
          refreshToken: rt,
        })),
    }),
};
