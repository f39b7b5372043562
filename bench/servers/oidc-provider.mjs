// Baseline: oidc-provider (v9, plain Map adapter) answering the refresh_token grant.
// One public client (token_endpoint_auth_method "none"), rotateRefreshToken: false so a refresh
// token can be replayed by the load generator, scope "openid" so every refresh signs one ES256
// ID token (the access token stays oidc-provider's default opaque format, stored in the adapter).
// `--refresh-tokens N` grants + refresh tokens are created through the provider's own models.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';

const { values } = parseArgs({ options: { 'refresh-tokens': { type: 'string', default: '1' } } });
const count = Math.max(1, Math.min(Number(values['refresh-tokens']) || 1, 10_000));

const CLIENT_ID = 'bench-client';
const ISSUER = 'http://127.0.0.1:8080';
// DER out of the generation and a KeyObject of its own: exporting the generated KeyObject as a JWK can deadlock
// on Node 20 (packages/server/src/oauth/es256-key-pair.ts says why).
const pkcs8 = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  publicKeyEncoding: { type: 'spki', format: 'der' },
}).privateKey;
const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'bench-es256', alg: 'ES256', use: 'sig' };

/**
 * A plain Map adapter. oidc-provider's built-in memory adapter is an LRU of 1000 entries: under load
 * the access tokens it stores evict the refresh tokens and grants, and refreshes start failing. A Map
 * is at least as fast as any real store, so it can only flatter the baseline.
 */
const store = new Map();
class MapAdapter {
  constructor(model) {
    this.model = model;
  }
  key(id) {
    return `${this.model}:${id}`;
  }
  async upsert(id, payload) {
    store.set(this.key(id), payload);
    if (payload.uid) store.set(`uid:${payload.uid}`, id);
    if (payload.userCode) store.set(`userCode:${payload.userCode}`, id);
  }
  async find(id) {
    return store.get(this.key(id));
  }
  async findByUid(uid) {
    return this.find(store.get(`uid:${uid}`));
  }
  async findByUserCode(userCode) {
    return this.find(store.get(`userCode:${userCode}`));
  }
  async consume(id) {
    const payload = store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id) {
    store.delete(this.key(id));
  }
  async revokeByGrantId(grantId) {
    for (const [key, payload] of store) if (payload?.grantId === grantId) store.delete(key);
  }
}

const provider = new Provider(ISSUER, {
  adapter: MapAdapter,
  clients: [
    {
      client_id: CLIENT_ID,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: ['http://127.0.0.1:1/cb'],
      id_token_signed_response_alg: 'ES256',
    },
  ],
  jwks: { keys: [jwk] },
  cookies: { keys: ['bench-cookie-key-0123456789abcdef'] },
  features: { devInteractions: { enabled: false } },
  rotateRefreshToken: false,
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
});
provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));

const client = await provider.Client.find(CLIENT_ID);
const refreshTokens = [];
for (let i = 0; i < count; i++) {
  const accountId = `bench-member-${i}`;
  const grant = new provider.Grant({ accountId, clientId: CLIENT_ID });
  grant.addOIDCScope('openid');
  const grantId = await grant.save();
  const rt = new provider.RefreshToken({
    accountId,
    client,
    grantId,
    scope: 'openid',
    gty: 'authorization_code',
    authTime: Math.floor(Date.now() / 1000),
  });
  refreshTokens.push(await rt.save());
}

const server = createServer(provider.callback());
server.listen(0, '127.0.0.1', () => {
  console.log(`BENCH_READY ${JSON.stringify({ port: server.address().port, clientId: CLIENT_ID, refreshTokens })}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
