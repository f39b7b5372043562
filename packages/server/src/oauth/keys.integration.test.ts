import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type VitrineApp, runKeyCommand, loadConfig } from '../../test-support/boot.js';
import { isSealed } from '../security/index.js';
import type { Database } from '../store/types.js';
import { getVisitorToken, startTestServer, type TestServer } from '../../test-support/server.js';
import { PICKUP_SLACK_MS } from './key-store.js';
import { KEY_CHECK_MS } from './keys.js';
import { openMigratedPglite } from '../../test-support/database.js';

const kidOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
const jwksKids = async (url: string, path = '/oauth2/jwks') =>
  ((await (await fetch(`${url}${path}`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid).sort();
/** A data query with the token: 200 when it verifies, 401 when not. */
const queryWith = async (url: string, token: string) =>
  (
    await fetch(`${url}/wix-data/v2/items/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ dataCollectionId: 'Products', query: { paging: { limit: 1 } } }),
    })
  ).status;

/** Asks for visitor tokens until one is signed by `kid` (the key check runs beside the request that starts it). */
async function tokenSignedBy(server: TestServer, kid: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const token = (await getVisitorToken(server.url, server.clientId)).access_token;
    if (kidOf(token) === kid) return token;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no token signed by ${kid}`);
}

describe('rotating signing keys while a server runs', () => {
  let server: TestServer;
  let offset = 0;
  beforeAll(async () => {
    server = await startTestServer({ now: () => Date.now() + offset });
  });
  afterAll(() => server.close());

  it('new tokens get the new kid, old tokens still verify, the JWKS lists both until the old tokens have expired', async () => {
    const old = (await getVisitorToken(server.url, server.clientId)).access_token;
    const oldKid = kidOf(old);
    // What `vitrine keys rotate` does from another process on the same PostgreSQL database.
    const { rotated } = await runKeyCommand('rotate', { config: server.ctx.config, db: server.ctx.db });
    expect(rotated).toMatch(/^[0-9a-f-]{36}$/);

    offset += KEY_CHECK_MS + 1000;
    const fresh = await tokenSignedBy(server, rotated!);
    expect(await queryWith(server.url, fresh)).toBe(200);
    expect(await queryWith(server.url, old)).toBe(200);
    expect(await queryWith(server.url, `${old.slice(0, -4)}AAAA`)).toBe(401);
    expect(await jwksKids(server.url)).toEqual([oldKid, rotated].sort());
    expect(await jwksKids(server.url, '/.well-known/jwks.json')).toEqual([oldKid, rotated].sort());

    const listed = await runKeyCommand('list', {
      config: server.ctx.config,
      db: server.ctx.db,
      now: () => Date.now() + offset,
    });
    expect(listed.keys.map((k) => [k.kid, k.state])).toEqual([
      [oldKid, 'retiring'],
      [rotated, 'active'],
    ]);
    expect(Date.parse(listed.keys[0]!.verifiesUntil!)).toBeGreaterThan(Date.now() + 14_400_000);

    // Once every token the old key signed has expired (4 h + the pickup slack), it leaves the JWKS and stops verifying.
    offset += 14_400_000 + PICKUP_SLACK_MS + KEY_CHECK_MS;
    await getVisitorToken(server.url, server.clientId);
    for (let i = 0; i < 100 && (await jwksKids(server.url)).length > 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await jwksKids(server.url)).toEqual([rotated]);
    expect(server.ctx.tokens.keys.signingKey(oldKid)).toBeUndefined();
    const after = await runKeyCommand('list', {
      config: server.ctx.config,
      db: server.ctx.db,
      now: () => Date.now() + offset,
    });
    expect(after.keys.map((k) => [k.kid, k.state])).toEqual([
      [oldKid, 'retired'],
      [rotated, 'active'],
    ]);
    const { rows } = await server.ctx.db.query<{ private_jwk: unknown; private_key_sealed: unknown }>(
      'select private_jwk, private_key_sealed from server_keys where kid = $1',
      [oldKid],
    );
    expect(rows[0]).toEqual({ private_jwk: null, private_key_sealed: null });
  });

  it('a key another instance rotates to verifies here at once, and only the admin key may rotate', async () => {
    const other = await createApp({
      config: server.ctx.config,
      db: server.ctx.db,
      logLevel: 'silent',
      mailDelivery: false,
      now: () => Date.now() + offset,
    });
    try {
      const refused = await other.app.inject({ method: 'POST', url: '/_admin/v1/keys/rotate' });
      expect(refused.statusCode).toBe(401);
      const rotated = await other.app.inject({
        method: 'POST',
        url: '/_admin/v1/keys/rotate',
        headers: { authorization: `Bearer ${server.adminKey}` },
      });
      expect(rotated.statusCode).toBe(200);
      const { kid } = rotated.json() as { kid: string };
      const issued = await other.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        payload: { clientId: server.clientId, grantType: 'anonymous' },
      });
      const token = (issued.json() as { access_token: string }).access_token;
      expect(kidOf(token)).toBe(kid);
      // This instance has not seen the key yet: the unknown kid makes it reload before answering.
      expect(await queryWith(server.url, token)).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('automatic rotation (tokens.keyRotationDays)', () => {
  let server: TestServer;
  let offset = 0;
  beforeAll(async () => {
    server = await startTestServer({ now: () => Date.now() + offset, config: (c) => ({ ...c, keyRotationDays: 1 }) });
  });
  afterAll(() => server.close());

  it('makes a new key once the active one is older, and keeps the old one verifying', async () => {
    const old = (await getVisitorToken(server.url, server.clientId)).access_token;
    offset += 86_400_000 + KEY_CHECK_MS;
    await getVisitorToken(server.url, server.clientId);
    let fresh = old;
    for (let i = 0; i < 100 && kidOf(fresh) === kidOf(old); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fresh = (await getVisitorToken(server.url, server.clientId)).access_token;
    }
    expect(kidOf(fresh)).not.toBe(kidOf(old));
    expect(await jwksKids(server.url)).toEqual([kidOf(old), kidOf(fresh)].sort());
    // The old token was signed a day ago with a 4-hour lifetime: expired, but the key itself still verifies younger ones.
    expect(server.ctx.tokens.keys.signingKey(kidOf(old))).toBeDefined();
  });
});

describe('private keys encrypted at rest (VITRINE_KEY_ENCRYPTION_KEY)', () => {
  let db: Database;
  const key = Buffer.alloc(32, 3).toString('base64');
  const configWith = (env: Record<string, string>) =>
    loadConfig({ env: { PUBLIC_URL: 'http://127.0.0.1:8080', ...env }, ephemeral: true });
  const start = (env: Record<string, string>) =>
    createApp({ config: configWith(env), db, logLevel: 'silent', mailDelivery: false });
  const stored = async () =>
    (
      await db.query<{ kid: string; use: string; private_jwk: unknown; private_key_sealed: string | null }>(
        'select kid, use, private_jwk, private_key_sealed from server_keys order by use, created_at',
      )
    ).rows;
  beforeAll(async () => {
    db = await openMigratedPglite();
  });
  afterAll(() => db.close());

  async function visitorToken(app: VitrineApp): Promise<string> {
    const response = await app.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: { clientId: app.ctx.config.storefront.clientId, grantType: 'anonymous' },
    });
    return (response.json() as { access_token: string }).access_token;
  }

  it('seals existing plaintext keys at the next start, and keeps using them', async () => {
    const plain = await start({});
    const token = await visitorToken(plain);
    await plain.close();
    const before = await stored();
    expect(before.every((row) => row.private_jwk && row.private_key_sealed === null)).toBe(true);

    const sealed = await start({ VITRINE_KEY_ENCRYPTION_KEY: key });
    try {
      const after = await stored();
      expect(after.map((row) => row.kid)).toEqual(before.map((row) => row.kid));
      for (const row of after) {
        expect(row.private_jwk).toBeNull();
        expect(isSealed(row.private_key_sealed)).toBe(true);
        expect(row.private_key_sealed).not.toMatch(/BEGIN|"d"|"kty"|"k"/);
        expect(() => JSON.parse(row.private_key_sealed!)).toThrow();
      }
      expect((await sealed.ctx.tokens.verify(token)).ok).toBe(true);
      expect(kidOf(await visitorToken(sealed))).toBe(kidOf(token));
    } finally {
      await sealed.close();
    }
  });

  it('refuses to start with a wrong or missing key, and never makes a new key instead', async () => {
    const before = await stored();
    await expect(start({ VITRINE_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 4).toString('base64') })).rejects.toThrow(
      'VITRINE_KEY_ENCRYPTION_KEY does not decrypt the stored signing keys',
    );
    await expect(start({})).rejects.toThrow(/the stored signing keys are encrypted: set VITRINE_KEY_ENCRYPTION_KEY/);
    await expect(
      runKeyCommand('rotate', {
        config: configWith({ VITRINE_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64') }),
        db,
      }),
    ).rejects.toThrow('VITRINE_KEY_ENCRYPTION_KEY does not decrypt the stored signing keys');
    expect(await stored()).toEqual(before);
  });

  it('seals keys made by a rotation too', async () => {
    const { rotated } = await runKeyCommand('rotate', { config: configWith({ VITRINE_KEY_ENCRYPTION_KEY: key }), db });
    const row = (await stored()).find((r) => r.kid === rotated)!;
    expect(row.private_jwk).toBeNull();
    expect(isSealed(row.private_key_sealed)).toBe(true);
  });
});
