// Vitrine's refresh grant with ONE member refresh token replayed by every request (the same stored
// session each time: the hottest rows, nothing for a cache to miss). Non-rotating client.
import { BENCH_CLIENT, vitrineCase } from '../lib/vitrine.mjs';

export default {
  id: 'member-refresh-one',
  title: 'Vitrine refresh grant, member (one stored session reused, DB lookup)',
  perDatabase: true,
  targets: [{ baseline: 'oidc-refresh', atLeast: 1.5, label: '≥ 1.5× oidc-provider refresh' }],
  run: ({ db, config }) =>
    vitrineCase({
      label: `member-refresh-one@${db.name}`,
      db,
      config,
      body: (info) => ({
        clientId: BENCH_CLIENT,
        grantType: 'refresh_token',
        refreshToken: info.memberRefreshTokens[0],
      }),
    }),
};
