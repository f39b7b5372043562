// Reference point: the same one-ES256-JWT route on a bare Fastify instance (framework cost alone).
import { serverCase } from '../lib/harness.mjs';
import { profileArgs } from '../lib/vitrine.mjs';

export default {
  id: 'bare-jwt-fastify',
  title: 'reference: bare Fastify route, one ES256 JWT (no logger, no hooks)',
  run: () =>
    serverCase({
      label: 'bare-jwt-fastify',
      server: { script: 'servers/bare-jwt-fastify.mjs', nodeArgs: profileArgs() },
      request: () => ({
        path: '/token',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies: [JSON.stringify({ clientId: 'bench-client', grantType: 'anonymous' })],
      }),
      check: (json) => typeof json?.access_token === 'string',
    }),
};
