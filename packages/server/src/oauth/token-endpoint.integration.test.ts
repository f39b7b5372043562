import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let server: TestServer;
let clock = Date.now();
const token = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startTestServer({
    now: () => clock,
    site: (site) => ({
      ...site,
      clients: [
        ...site.clients,
        { clientId: 'no-rotation', redirectUris: [], allowedOrigins: [], refreshTokenRotation: false },
      ],
    }),
  });
});
afterAll(() => server.close());

function decode(jwt: string) {
  const [h, p] = jwt.split('.') as [string, string];
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(p, 'base64url').toString()),
  };
}

async function memberSession(clientId = 'demo-storefront') {
  return server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: 'demo', clientId, memberId: 'member-1' }),
  );
}

describe('anonymous grant', () => {
  it('issues a visitor access token signed with a published key, and a refresh token', async () => {
    const res = await token({ clientId: server.clientId, grantType: 'anonymous' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ expires_in: 14400, token_type: 'Bearer' });
    expect(typeof body.refresh_token).toBe('string');
    const { header, claims } = decode(body.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(claims).toMatchObject({ iss: server.url, aud: 'demo-storefront', site: 'demo', role: 'visitor' });
    expect(claims.exp - claims.iat).toBe(14400);

    const jwks = await (await fetch(`${server.url}/.well-known/jwks.json`)).json();
    expect(await (await fetch(`${server.url}/oauth2/jwks`)).json()).toEqual(jwks);
    const jwk = jwks.keys.find((k: { kid: string }) => k.kid === header.kid);
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwk.d).toBeUndefined();
    const [h, p, s] = body.access_token.split('.');
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    );
    expect(ok).toBe(true);
  });

  it('gives every call a new visitor', async () => {
    const [a, b] = await Promise.all([
      token({ clientId: server.clientId, grantType: 'anonymous' }),
      token({ clientId: server.clientId, grantType: 'anonymous' }),
    ]);
    expect(decode((await a.json()).access_token).claims.sub).not.toBe(decode((await b.json()).access_token).claims.sub);
  });

  it('accepts an RFC 6749 form body', async () => {
    const res = await token('grant_type=anonymous&client_id=demo-storefront', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
  });
});

describe('refresh grant', () => {
  it('renews a visitor access token for the same visitor', async () => {
    const first = await (await token({ clientId: server.clientId, grantType: 'anonymous' })).json();
    const res = await token({
      clientId: server.clientId,
      grantType: 'refresh_token',
      refreshToken: first.refresh_token,
    });
    expect(res.status).toBe(200);
    const renewed = await res.json();
    expect(decode(renewed.access_token).claims.sub).toBe(decode(first.access_token).claims.sub);
    expect(renewed.refresh_token).toBe(first.refresh_token);
  });

  it('refuses an expired visitor refresh token', async () => {
    const first = await (await token({ clientId: server.clientId, grantType: 'anonymous' })).json();
    clock += 181 * 86_400_000;
    try {
      const res = await token({
        clientId: server.clientId,
        grantType: 'refresh_token',
        refreshToken: first.refresh_token,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      clock = Date.now();
    }
  });

  it('refuses a tampered visitor refresh token and one issued to another client', async () => {
    const first = await (await token({ clientId: server.clientId, grantType: 'anonymous' })).json();
    const rt: string = first.refresh_token;
    const tampered = rt.slice(0, -3) + (rt.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const [clientId, refreshToken] of [
      [server.clientId, tampered],
      ['no-rotation', rt],
    ]) {
      const res = await token({ clientId, grantType: 'refresh_token', refreshToken });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('invalid_grant');
    }
  });

  it.each(['garbage', 'v1.garbage', 'v1.a.b', 'x'.repeat(43), '', 'v1.' + 'A'.repeat(5000)])(
    'refuses the refresh token %#',
    async (refreshToken) => {
      const res = await token({ clientId: server.clientId, grantType: 'refresh_token', refreshToken });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(['invalid_grant', 'invalid_request']).toContain(body.error);
      expect(typeof body.error_description).toBe('string');
    },
  );

  it('rotates member refresh tokens and answers a quick retry of the previous one with the current one', async () => {
    const session = await memberSession();
    const r1 = await token({
      clientId: server.clientId,
      grantType: 'refresh_token',
      refreshToken: session.refreshToken,
    });
    expect(r1.status).toBe(200);
    const b1 = await r1.json();
    expect(b1.refresh_token).not.toBe(session.refreshToken);
    expect(decode(b1.access_token).claims).toMatchObject({ role: 'member', sub: 'member-1', sid: session.sessionId });
    // Lost response: the client retries with the token it still has.
    const retry = await (
      await token({ clientId: server.clientId, grantType: 'refresh_token', refreshToken: session.refreshToken })
    ).json();
    expect(retry.refresh_token).toBe(b1.refresh_token);
    const r2 = await (
      await token({ clientId: server.clientId, grantType: 'refresh_token', refreshToken: b1.refresh_token })
    ).json();
    expect(r2.refresh_token).not.toBe(b1.refresh_token);
    // The first token is now two rotations old: a replay is theft and ends the session.
    const replay = await token({
      clientId: server.clientId,
      grantType: 'refresh_token',
      refreshToken: session.refreshToken,
    });
    expect(replay.status).toBe(400);
    const afterTheft = await token({
      clientId: server.clientId,
      grantType: 'refresh_token',
      refreshToken: r2.refresh_token,
    });
    expect(afterTheft.status).toBe(400);
    expect(await server.ctx.tokens.isSessionActive('demo', session.sessionId)).toBe(false);
  });

  it('treats a replay after the grace window as theft', async () => {
    const session = await memberSession();
    const b1 = await (
      await token({ clientId: server.clientId, grantType: 'refresh_token', refreshToken: session.refreshToken })
    ).json();
    clock += 61_000;
    try {
      const late = await token({
        clientId: server.clientId,
        grantType: 'refresh_token',
        refreshToken: session.refreshToken,
      });
      expect(late.status).toBe(400);
      expect(
        (await token({ clientId: server.clientId, grantType: 'refresh_token', refreshToken: b1.refresh_token })).status,
      ).toBe(400);
    } finally {
      clock = Date.now();
    }
  });

  it('keeps the member refresh token when the client does not rotate, until the session ends', async () => {
    const session = await memberSession('no-rotation');
    for (let i = 0; i < 2; i++) {
      const res = await token({
        clientId: 'no-rotation',
        grantType: 'refresh_token',
        refreshToken: session.refreshToken,
      });
      expect(res.status).toBe(200);
      expect((await res.json()).refresh_token).toBe(session.refreshToken);
    }
    await server.ctx.db.transaction((tx) => server.ctx.tokens.revokeSession(tx, 'demo', session.sessionId, 'logout'));
    const res = await token({
      clientId: 'no-rotation',
      grantType: 'refresh_token',
      refreshToken: session.refreshToken,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'the session has ended' });
  });

  it('refuses a member refresh token presented by another client', async () => {
    const session = await memberSession();
    const res = await token({
      clientId: 'no-rotation',
      grantType: 'refresh_token',
      refreshToken: session.refreshToken,
    });
    expect(res.status).toBe(400);
  });
});

describe('token endpoint refusals', () => {
  it.each([
    [{ grantType: 'anonymous', clientId: 'who' }, 401, 'invalid_client'],
    [{ grantType: 'anonymous' }, 400, 'invalid_request'],
    [{ clientId: 'demo-storefront' }, 400, 'invalid_request'],
    [{ grantType: 'password', clientId: 'demo-storefront' }, 400, 'unsupported_grant_type'],
    [{ grantType: 'refresh_token', clientId: 'demo-storefront' }, 400, 'invalid_request'],
    [[1, 2], 400, 'invalid_request'],
  ])('answers %j with %i %s', async (body, status, error) => {
    const res = await token(body);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    // The request id is a fresh UUID.
    expect(res.headers.get('x-wix-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await token('{"clientId":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'INVALID_JSON' } } });
  });

  it('answers an oversized body with 413', async () => {
    const res = await token({ clientId: 'demo-storefront', grantType: 'anonymous', pad: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'PAYLOAD_TOO_LARGE' } } });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await token('<xml/>', { 'content-type': 'application/xml' });
    expect(res.status).toBe(415);
  });
});
