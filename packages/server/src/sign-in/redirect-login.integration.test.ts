import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit, fragmentOf, pkce, postedMessage } from '../../test-support/redirect-kit.js';

let kit: Kit;
let clock = Date.now();
beforeAll(async () => {
  kit = await Kit.start(() => clock);
});
afterAll(() => kit.server.close());

/** A code for a fresh member through prompt none + session token, in the given response mode. */
async function silentCode(mode: 'web_message' | 'fragment' | 'query' = 'web_message') {
  const m = await kit.member();
  const p = pkce();
  const extra =
    mode === 'web_message'
      ? { responseMode: mode, redirectUri: undefined, sessionToken: m.sessionToken }
      : { responseMode: mode, sessionToken: m.sessionToken };
  const { body } = await kit.redirectSession(kit.authRequest(p, extra, 'none'), m.visitor.access_token);
  const page = await kit.open(body.redirectSession.fullUrl);
  let code: string;
  if (mode === 'web_message') code = postedMessage(await page.text()).code!;
  else if (mode === 'fragment') code = fragmentOf(page.headers.get('location')).get('code')!;
  else code = new URL(page.headers.get('location')!).searchParams.get('code')!;
  return { m, p, code, page };
}

describe('redirect sessions', () => {
  it('answers id, fullUrl under PUBLIC_URL, urlDetails and echoes the session token; the alias path works too', async () => {
    const m = await kit.member();
    const p = pkce();
    const { res, body } = await kit.redirectSession(kit.authRequest(p, { sessionToken: m.sessionToken }));
    expect(res.status).toBe(200);
    const s = body.redirectSession;
    expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.fullUrl.startsWith(`${kit.server.url}/oauth2/authorize?`)).toBe(true);
    expect(s.urlDetails).toEqual({
      endpoint: `${kit.server.url}/oauth2/authorize`,
      searchParams: { redirectSessionId: s.id },
    });
    expect(s.sessionToken).toBe(m.sessionToken);
    const alias = await kit.post('/headless/v1/redirect-session', kit.authRequest(pkce()));
    expect(alias.status).toBe(200);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['unknown client', { clientId: 'nope' }, 'auth.authRequest.clientId'],
    ['trailing slash', { redirectUri: `${APP.redirectUri}/` }, 'auth.authRequest.redirectUri'],
    ['other port', { redirectUri: 'https://shop.test:8443/callback' }, 'auth.authRequest.redirectUri'],
    ['other scheme', { redirectUri: 'http://shop.test/callback' }, 'auth.authRequest.redirectUri'],
    ['prefix', { redirectUri: `${APP.redirectUri}/../evil` }, 'auth.authRequest.redirectUri'],
    ['missing PKCE', { codeChallenge: undefined, codeChallengeMethod: undefined }, 'auth.authRequest.codeChallenge'],
    ['plain PKCE', { codeChallengeMethod: 'plain' }, 'auth.authRequest.codeChallengeMethod'],
    ['response type token', { responseType: 'token' }, 'auth.authRequest.responseType'],
    ['unknown response mode', { responseMode: 'form_post' }, 'auth.authRequest.responseMode'],
    ['no redirect URI for fragment', { redirectUri: undefined }, 'auth.authRequest.redirectUri'],
    ['no state', { state: undefined }, 'auth.authRequest.state'],
  ];
  it.each(refusals)('refuses %s with a validation error naming the field', async (_name, extra, field) => {
    const { res, body } = await kit.redirectSession(kit.authRequest(pkce(), extra));
    expect(res.status).toBe(400);
    const fields = (
      body as unknown as { details: { validationError: { fieldViolations: { field: string }[] } } }
    ).details.validationError.fieldViolations.map((v) => v.field);
    expect(fields).toContain(field);
  });

  it('refuses an unknown prompt, several intents, and a non-object body without a 500', async () => {
    expect((await kit.redirectSession(kit.authRequest(pkce(), {}, 'bogus'))).res.status).toBe(400);
    expect(
      (await kit.redirectSession({ ...kit.authRequest(pkce()), logout: { clientId: APP.clientId } })).res.status,
    ).toBe(400);
    const res = await fetch(`${kit.server.url}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    });
    expect(res.status).toBe(400);
  });
});

describe('silent sign-in (prompt none + session token)', () => {
  it('web_message: posts {code, state} to the allowed origins, frameable only by them; the code gives member tokens', async () => {
    const { m, p, code, page } = await silentCode('web_message');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${APP.origin}`);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const res = await kit.exchange({ code, codeVerifier: p.verifier });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: m.memberId, role: 'member', client_id: APP.clientId });
    // The visitor who started the flow is linked to the member session.
    const { rows } = await kit.server.ctx.db.query<{ visitor_id: string }>(
      'select visitor_id from sessions where id = $1',
      [claims.sid],
    );
    const visitorSub = JSON.parse(Buffer.from(m.visitor.access_token.split('.')[1]!, 'base64url').toString()).sub;
    expect(rows[0]!.visitor_id).toBe(visitorSub);
  });

  it('the posted state is the request state, verbatim', async () => {
    const m = await kit.member();
    const p = { ...pkce(), state: 'a b&c=d#e/é"<' };
    const { body } = await kit.redirectSession(
      kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined, sessionToken: m.sessionToken }, 'none'),
    );
    const html = await (await kit.open(body.redirectSession.fullUrl)).text();
    expect(postedMessage(html).state).toBe(p.state);
    expect(html).not.toContain('"<');
  });

  it('fragment and query modes redirect to the registered URI with code and state', async () => {
    const f = await silentCode('fragment');
    expect(f.page.status).toBe(302);
    expect(f.page.headers.get('location')!.startsWith(`${APP.redirectUri}#code=`)).toBe(true);
    expect(fragmentOf(f.page.headers.get('location')).get('state')).toBe(f.p.state);
    const q = await silentCode('query');
    expect(q.page.headers.get('location')!.startsWith(`${APP.redirectUri}?code=`)).toBe(true);
    expect(
      (await kit.exchange({ code: q.code, codeVerifier: q.p.verifier, redirectUri: APP.redirectUri })).status,
    ).toBe(200);
  });

  it('a replayed session token finds no member: login_required', async () => {
    const m = await kit.member();
    const first = await kit.redirectSession(kit.authRequest(pkce(), { sessionToken: m.sessionToken }, 'none'));
    expect((await kit.open(first.body.redirectSession.fullUrl)).status).toBe(302);
    const p = pkce();
    const again = await kit.redirectSession(kit.authRequest(p, { sessionToken: m.sessionToken }, 'none'));
    const res = await kit.open(again.body.redirectSession.fullUrl);
    const params = fragmentOf(res.headers.get('location'));
    expect(params.get('error')).toBe('login_required');
    expect(params.get('state')).toBe(p.state);
    expect(params.get('code')).toBeNull();
  });

  it('prompt none without a member answers login_required through web_message too', async () => {
    const p = pkce();
    const { body } = await kit.redirectSession(
      kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined }, 'none'),
    );
    const msg = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
    expect(msg).toMatchObject({ error: 'login_required', state: p.state });
    expect(msg.code).toBeUndefined();
  });

  it('a HEAD request (link checker, prefetch) spends nothing', async () => {
    const m = await kit.member();
    const { body } = await kit.redirectSession(kit.authRequest(pkce(), { sessionToken: m.sessionToken }, 'none'));
    const head = await fetch(body.redirectSession.fullUrl, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    // An authorization code: 256 random bits, base64url.
    expect(fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')).toMatch(
      /^[\w-]{43}$/,
    );
  });

  it('a redirect session is single-use', async () => {
    const m = await kit.member();
    const { body } = await kit.redirectSession(kit.authRequest(pkce(), { sessionToken: m.sessionToken }, 'none'));
    expect(fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')).toMatch(
      /^[\w-]{43}$/,
    );
    const second = fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location'));
    expect(second.get('code')).toBeNull();
    expect(second.get('error')).toBe('invalid_request');
  });

  it('a redirect session expires after 10 minutes', async () => {
    const m = await kit.member();
    const { body } = await kit.redirectSession(kit.authRequest(pkce(), { sessionToken: m.sessionToken }, 'none'));
    clock += 10 * 60 * 1000 + 1000;
    try {
      const params = fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location'));
      expect(params.get('code')).toBeNull();
    } finally {
      clock = Date.now();
    }
  });

  it('an unknown redirect session id is a 400 page, not a redirect', async () => {
    const res = await kit.open(
      `${kit.server.url}/oauth2/authorize?redirectSessionId=00000000-0000-4000-8000-000000000000`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect((await kit.open(`${kit.server.url}/oauth2/authorize?redirectSessionId=x'--`)).status).toBe(400);
  });
});

describe('authorization_code grant', () => {
  it('refuses a wrong verifier, and the code is spent by the attempt', async () => {
    const { p, code } = await silentCode();
    const wrong = await kit.exchange({ code, codeVerifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await kit.exchange({ code, codeVerifier: p.verifier })).status).toBe(400);
  });

  it('refuses a missing verifier and a verifier that is the challenge itself (plain)', async () => {
    const a = await silentCode();
    expect((await kit.exchange({ code: a.code })).status).toBe(400);
    expect((await kit.exchange({ code: a.code, codeVerifier: a.p.challenge })).status).toBe(400);
  });

  it('redirect URI: must match exactly when the code was issued with one, and be absent when issued without', async () => {
    const f = await silentCode('fragment');
    expect(
      (await kit.exchange({ code: f.code, codeVerifier: f.p.verifier, redirectUri: `${APP.redirectUri}/` })).status,
    ).toBe(400);
    const f2 = await silentCode('fragment');
    expect((await kit.exchange({ code: f2.code, codeVerifier: f2.p.verifier })).status).toBe(400);
    const w = await silentCode('web_message');
    expect(
      (await kit.exchange({ code: w.code, codeVerifier: w.p.verifier, redirectUri: APP.redirectUri })).status,
    ).toBe(400);
  });

  it('refuses a code for another client', async () => {
    const { p, code } = await silentCode();
    const res = await kit.post('/oauth2/token', {
      clientId: kit.server.clientId,
      grantType: 'authorization_code',
      code,
      codeVerifier: p.verifier,
    });
    expect(res.status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { p, code } = await silentCode();
    clock += 10 * 60 * 1000 + 1000;
    try {
      const res = await kit.exchange({ code, codeVerifier: p.verifier });
      expect(res.status).toBe(400);
    } finally {
      clock = Date.now();
    }
  });

  it('a replayed code is refused and revokes the session the first exchange created', async () => {
    const { p, code } = await silentCode();
    const first = (await (await kit.exchange({ code, codeVerifier: p.verifier })).json()) as { refresh_token: string };
    const replay = await kit.exchange({ code, codeVerifier: p.verifier });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    const refresh = await kit.post('/oauth2/token', {
      clientId: APP.clientId,
      grantType: 'refresh_token',
      refreshToken: first.refresh_token,
    });
    expect(refresh.status).toBe(400);
  });

  it('rotation: a reused rotated refresh token (after the grace window) ends the session', async () => {
    const { p, code } = await silentCode();
    const t0 = (await (await kit.exchange({ code, codeVerifier: p.verifier })).json()) as { refresh_token: string };
    const refresh = (rt: string) =>
      kit.post('/oauth2/token', { clientId: APP.clientId, grantType: 'refresh_token', refreshToken: rt });
    const t1 = (await (await refresh(t0.refresh_token)).json()) as { refresh_token: string };
    expect(t1.refresh_token).not.toBe(t0.refresh_token);
    clock += 120_000;
    try {
      expect((await refresh(t0.refresh_token)).status).toBe(400);
      expect((await refresh(t1.refresh_token)).status).toBe(400);
    } finally {
      clock = Date.now();
    }
  });

  it('garbage codes are invalid_grant, never a 500', async () => {
    for (const code of ['', 'x', 'a'.repeat(5000), "'; drop table members; --"]) {
      const res = await kit.exchange({ code, codeVerifier: pkce().verifier });
      expect(res.status).toBe(400);
    }
  });
});
