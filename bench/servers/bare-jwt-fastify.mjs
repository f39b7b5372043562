// Reference point (not a target baseline): the bare-jwt route on a bare Fastify instance (no logger,
// no hooks, default JSON parser and serializer). Separates the framework's cost from Vitrine's own.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import Fastify from 'fastify';

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const headerSegment = Buffer.from(JSON.stringify({ alg: 'ES256', kid: randomUUID(), typ: 'at+jwt' })).toString(
  'base64url',
);

function signJwt(clientId) {
  const iat = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'http://127.0.0.1:8080',
    sub: randomUUID(),
    aud: clientId,
    client_id: clientId,
    site: 'bench',
    role: 'visitor',
    iat,
    exp: iat + 14_400,
    jti: randomUUID(),
  };
  const input = `${headerSegment}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

const app = Fastify({ logger: false });
app.post('/token', async (request, reply) => {
  reply.header('cache-control', 'no-store');
  return {
    access_token: signJwt(String(request.body?.clientId ?? 'bench-client')),
    expires_in: 14_400,
    token_type: 'Bearer',
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`BENCH_READY ${JSON.stringify({ port: app.server.address().port })}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
