// Baseline for the refresh grants: oidc-provider's refresh_token grant (form body, public client).
import { serverCase } from '../lib/harness.mjs';

const TOKENS = 1000;

export default {
  id: 'oidc-refresh',
  title: `baseline: oidc-provider v9 refresh_token grant (${TOKENS} tokens, Map adapter)`,
  run: () =>
    serverCase({
      label: 'oidc-refresh',
      server: { script: 'servers/oidc-provider.mjs', args: ['--refresh-tokens', String(TOKENS)] },
      request: (info) => ({
        path: '/token',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        bodies: info.refreshTokens.map((rt) =>
          new URLSearchParams({ grant_type: 'refresh_token', client_id: info.clientId, refresh_token: rt }).toString(),
        ),
      }),
      check: (json) => typeof json?.access_token === 'string' && typeof json?.id_token === 'string',
    }),
};
