import { createHmac, createPublicKey, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEs256KeyPair, signAccessToken, type AccessClaims } from '../../../test-support/checklist.js';
import { APP, Kit, withRedirectClient } from '../../../test-support/redirect-kit.js';
import { startTestServer } from '../../../test-support/server.js';
import { MEMBER_NOTES } from '../../../test-support/data-catalog.js';

/**
 * Audit checklist #15 (docs/security-checklist.md): only ES256 tokens signed by the server's own key,
 * unexpired and from this issuer, are access tokens. Every classic JWT forgery is a 401, and a refresh
 * token is never an access token (nor the reverse). Forgeries are built with node:crypto alone.
 */
let kit: Kit;
let clock = Date.now();
let jkuFetches = 0;
let attacker: { privateKey: KeyObject; publicJwk: JsonWebKey };
beforeAll(async () => {
  const pair = generateEs256KeyPair();
  attacker = {
    privateKey: pair.privateKey,
    publicJwk: { ...pair.publicJwk, kid: 'attacker', alg: 'ES256', use: 'sig' },
  };
  const server = await startTestServer({
    site: withRedirectClient,
    now: () => clock,
    routes(app) {
      // Where a `jku` header points: the server must never come here for keys.
      app.get('/__attacker/jwks.json', async () => {
        jkuFetches++;
        return { keys: [attacker.publicJwk] };
      });
    },
  });
  kit = new Kit(server);
});
afterAll(() => kit.server.close());

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const decode = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString()) as Record<string, unknown>;
const hs256 = (key: string | Buffer, header: object, claims: object) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};
const es256 = (key: KeyObject, header: object, claims: object) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
};

/** A real member with a live session, and that session's tokens. */
async function memberTokens() {
  const m = await kit.member();
  const session = await kit.server.ctx.db.transaction((tx) =>
    kit.server.ctx.tokens.createMemberSession(tx, {
      siteId: kit.server.siteId,
      clientId: APP.clientId,
      memberId: m.memberId,
    }),
  );
  return { ...m, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

/** What a caller can do with a token: read its member record and query its own items of a members-only collection. */
async function statuses(token: string): Promise<[number, number]> {
  const my = await fetch(`${kit.server.url}/_api/members/v1/members/my`, { headers: { authorization: token } });
  const orders = await kit.post(
    '/wix-data/v2/items/query',
    { dataCollectionId: MEMBER_NOTES, query: {} },
    { authorization: token },
  );
  return [my.status, orders.status];
}

describe('#15 access tokens', () => {
  let genuine: Awaited<ReturnType<typeof memberTokens>>;
  let other: Awaited<ReturnType<typeof memberTokens>>;
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  let jwk: JsonWebKey;
  beforeAll(async () => {
    genuine = await memberTokens();
    other = await memberTokens();
    const [h, p] = genuine.accessToken.split('.') as [string, string];
    header = decode(h);
    claims = decode(p);
    const jwks = (await (await fetch(`${kit.server.url}/.well-known/jwks.json`)).json()) as { keys: JsonWebKey[] };
    jwk = jwks.keys.find((k) => (k as { kid?: string }).kid === header.kid)!;
  });

  it('a genuine member token is ES256 with typ at+jwt and the published kid, and works', async () => {
    expect(header).toEqual({ alg: 'ES256', kid: expect.any(String), typ: 'at+jwt' });
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(claims).toMatchObject({
      sub: genuine.memberId,
      role: 'member',
      iss: kit.server.url,
      aud: APP.clientId,
      client_id: APP.clientId,
    });
    expect(await statuses(genuine.accessToken)).toEqual([200, 200]);
  });

  it('every forgery is a 401 on member and data routes', async () => {
    const [h, p, s] = genuine.accessToken.split('.') as [string, string, string];
    const pem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    const far = { ...claims, exp: Math.floor(clock / 1000) + 86_400 * 365 };
    const forgeries: [string, string][] = [
      ['alg none', `${b64({ ...header, alg: 'none' })}.${p}.`],
      ['alg None', `${b64({ ...header, alg: 'None' })}.${p}.`],
      ['alg NONE with the original signature', `${b64({ ...header, alg: 'NONE' })}.${p}.${s}`],
      ['alg none without kid', `${b64({ alg: 'none', typ: 'at+jwt' })}.${p}.`],
      ['HS256 keyed with the public PEM', hs256(pem, { ...header, alg: 'HS256' }, far)],
      ['HS256 keyed with the JWK JSON', hs256(JSON.stringify(jwk), { ...header, alg: 'HS256' }, far)],
      ['HS256 keyed with x', hs256(String(jwk.x), { ...header, alg: 'HS256' }, far)],
      [
        'HS256 keyed with the bytes of x',
        hs256(Buffer.from(String(jwk.x), 'base64url'), { ...header, alg: 'HS256' }, far),
      ],
      ['ES256 header over a PEM HMAC', hs256(pem, header, far)],
      ['attacker key under the real kid', es256(attacker.privateKey, header, far)],
      [
        'attacker key with an embedded jwk',
        es256(attacker.privateKey, { alg: 'ES256', typ: 'at+jwt', jwk: attacker.publicJwk }, far),
      ],
      [
        'attacker key with an embedded jwk and the real kid',
        es256(attacker.privateKey, { ...header, jwk: attacker.publicJwk }, far),
      ],
      [
        'attacker key behind a jku',
        es256(
          attacker.privateKey,
          { alg: 'ES256', typ: 'at+jwt', kid: 'attacker', jku: `${kit.server.url}/__attacker/jwks.json` },
          far,
        ),
      ],
      ['kid path traversal', hs256('', { alg: 'HS256', kid: '../../../../dev/null' }, far)],
      ['kid path traversal, ES256', es256(attacker.privateKey, { ...header, kid: '../../../../dev/null' }, far)],
      ['SQL-ish kid', es256(attacker.privateKey, { ...header, kid: "' or '1'='1" }, far)],
      ['kid __proto__', es256(attacker.privateKey, { ...header, kid: '__proto__' }, far)],
      ['kid constructor', es256(attacker.privateKey, { ...header, kid: 'constructor' }, far)],
      ['kid not a string', es256(attacker.privateKey, { ...header, kid: { $ne: null } }, far)],
      ['attacker-signed exp 1', es256(attacker.privateKey, header, { ...claims, exp: 1 })],
      ['role edited under the original signature', `${h}.${b64({ ...claims, role: 'visitor' })}.${s}`],
      ['sub edited under the original signature', `${h}.${b64({ ...claims, sub: other.memberId })}.${s}`],
      ['exp edited under the original signature', `${h}.${b64(far)}.${s}`],
      ['site edited under the original signature', `${h}.${b64({ ...claims, site: 'other' })}.${s}`],
      ['truncated signature', `${h}.${p}.${s.slice(0, -4)}`],
      ['no signature', `${h}.${p}.`],
      ['signature of another token', `${h}.${p}.${other.accessToken.split('.')[2]}`],
      [
        'signature bits flipped',
        `${h}.${p}.${Buffer.from(Buffer.from(s, 'base64url').map((byte) => byte ^ 1)).toString('base64url')}`,
      ],
      ['signature doubled', `${h}.${p}.${s}${s}`],
      ['four segments', `${h}.${p}.${s}.${s}`],
      ['payload not JSON', `${h}.${b64('not json')}.${s}`],
    ];
    for (const [name, token] of forgeries) {
      expect([name, await statuses(token)]).toEqual([name, [401, 401]]);
    }
    expect(jkuFetches).toBe(0);
  });

  it('a token signed with the real key but naming another issuer, or already expired, is a 401', async () => {
    const real = (overrides: Partial<AccessClaims>) =>
      signAccessToken(kit.server.ctx.tokens.keys, { ...(claims as unknown as AccessClaims), ...overrides });
    expect(await statuses(real({}))).toEqual([200, 200]); // the control: re-signing the same claims is genuine
    expect(await statuses(real({ iss: 'https://evil.test' }))).toEqual([401, 401]);
    expect(await statuses(real({ exp: Math.floor(clock / 1000) - 1 }))).toEqual([401, 401]);
  });

  it('a genuine token expires with the clock: 401 "has expired" one second after exp', async () => {
    const fresh = await memberTokens();
    const exp = decode(fresh.accessToken.split('.')[1]!).exp as number;
    expect(await statuses(fresh.accessToken)).toEqual([200, 200]);
    const start = clock;
    clock = exp * 1000 + 1000;
    try {
      const res = await fetch(`${kit.server.url}/_api/members/v1/members/my`, {
        headers: { authorization: fresh.accessToken },
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe('The access token has expired');
      expect(await statuses(fresh.accessToken)).toEqual([401, 401]);
      // The session itself lives on: the refresh token still gives a working access token.
      const renewed = await kit.post('/oauth2/token', {
        clientId: APP.clientId,
        grantType: 'refresh_token',
        refreshToken: fresh.refreshToken,
      });
      expect(renewed.status).toBe(200);
      expect(await statuses(((await renewed.json()) as { access_token: string }).access_token)).toEqual([200, 200]);
    } finally {
      clock = start;
    }
  });

  it('a refresh token is not an access token, and an access token is not a refresh token', async () => {
    const fresh = await memberTokens();
    const visitor = await kit.visitor();
    for (const token of [fresh.refreshToken, `Bearer ${fresh.refreshToken}`, visitor.refresh_token]) {
      expect(await statuses(token)).toEqual([401, 401]);
    }
    for (const refreshToken of [fresh.accessToken, visitor.access_token]) {
      const res = await kit.post('/oauth2/token', { clientId: APP.clientId, grantType: 'refresh_token', refreshToken });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    }
    // Neither attempt hurt the real session.
    expect(await statuses(fresh.accessToken)).toEqual([200, 200]);
  });
});
