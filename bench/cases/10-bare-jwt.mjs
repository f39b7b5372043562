// Baseline for the anonymous grant: a bare node:http route that signs one ES256 JWT.
import { serverCase } from '../lib/harness.mjs';

export default {
  id: 'bare-jwt',
  title: 'baseline: bare node:http route, one ES256 JWT',
  run: () =>
    serverCase({
      label: 'bare-jwt',
      server: { script: 'servers/bare-jwt.mjs' },
      request: () => ({
        path: '/token',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies: [JSON.stringify({ clientId: 'bench-client', grantType: 'anonymous' })],
      }),
      check: (json) => typeof json?.access_token === 'string',
    }),
};
