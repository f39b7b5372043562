import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, APP, Kit, fragmentOf, pkce } from '../../test-support/redirect-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const setCookies = (res: Response) => res.headers.getSetCookie();
const cookiePair = (res: Response, name: string) =>
  setCookies(res)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

/** Opens a prompt=login page and returns what a browser would hold to submit its form. */
async function openForm(p = pkce()) {
  const { body } = await kit.redirectSession(kit.authRequest(p));
  const res = await kit.open(body.redirectSession.fullUrl);
  const html = await res.text();
  return {
    p,
    url: body.redirectSession.fullUrl,
    res,
    html,
    csrf: hiddenValue(html, 'csrf')!,
    csrfCookie: cookiePair(res, 'vitrine_csrf')!,
    id: body.redirectSession.id,
  };
}

function submit(url: string, fields: Record<string, string>, cookie: string) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('hosted sign-in page', () => {
  it('renders an accessible form with the site name, a strict CSP, no-store and a CSRF cookie', async () => {
    const { res, html, csrf, csrfCookie } = await openForm();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`form-action 'self' ${APP.origin}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain('Demo Store');
    // The shop's name leads back to the shop (the registered redirect URI's origin), issue #53.
    expect(html).toContain(`<a class="home" href="${APP.origin}/"><span>Demo Store</span></a>`);
    // Show password: a toggle for the field, hidden until the page's script wires it (works without JavaScript).
    expect(html).toMatch(
      /<button type="button" class="reveal" data-reveal="password" aria-controls="password" aria-pressed="false" hidden>Show password<\/button>/,
    );
    expect(html).toContain("querySelectorAll('button[data-reveal]')");
    expect(html).toContain('<label for="email">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain('name="viewport"');
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const raw = setCookies(res).find((c) => c.startsWith('vitrine_csrf='))!;
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).not.toMatch(/Secure/); // plain http test server
    // The cookie authenticates itself: nonce.expiry.HMAC (http/cookies.ts).
    expect(csrfCookie).toMatch(/^vitrine_csrf=[\w-]{22}\.[0-9a-z]{1,10}\.[\w-]{43}$/);
  });

  it('refuses a POST without the CSRF cookie or with a wrong token', async () => {
    const m = await kit.member();
    const f = await openForm();
    const fields = { redirectSessionId: f.id, csrf: f.csrf, action: 'signin', email: m.email, password: m.password };
    expect((await submit(f.url, fields, '')).status).toBe(403);
    expect((await submit(f.url, { ...fields, csrf: 'x'.repeat(43) }, f.csrfCookie)).status).toBe(403);
    // A token for another redirect session does not carry over.
    const other = await openForm();
    expect((await submit(f.url, { ...fields, csrf: other.csrf }, f.csrfCookie)).status).toBe(403);
  });

  it('wrong password: 400 with the error tied to the field, same answer as an unknown email', async () => {
    const m = await kit.member();
    const f = await openForm();
    const wrong = await submit(
      f.url,
      { redirectSessionId: f.id, csrf: f.csrf, action: 'signin', email: m.email, password: 'not the password' },
      f.csrfCookie,
    );
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="password-error"');
    // One message for one mistake (issue #53: the review saw two), tied to the field.
    expect(html.match(/Email or password is incorrect/g)).toHaveLength(1);
    expect(html).toMatch(/id="password-error"[^>]*>Email or password is incorrect\./);
    expect(html).not.toContain('class="alert"');
    const f2 = await openForm();
    const unknown = await submit(
      f2.url,
      {
        redirectSessionId: f2.id,
        csrf: f2.csrf,
        action: 'signin',
        email: 'nobody@example.com',
        password: 'not the password',
      },
      f2.csrfCookie,
    );
    expect(unknown.status).toBe(400);
    const strip = (s: string) =>
      s
        .replace(/value="[^"]*"/g, '')
        .replace(/nonce(-|=")[^'"]+/g, '')
        .replace(/redirectSessionId=[0-9a-f-]+/g, '');
    expect(strip(await unknown.text())).toBe(strip(html).replace(m.email, 'nobody@example.com'));
  });

  it('signs in, redirects with a code, keeps a session cookie; the next silent authorization needs no form', async () => {
    const m = await kit.member();
    const f = await openForm();
    const res = await submit(
      f.url,
      { redirectSessionId: f.id, csrf: f.csrf, action: 'signin', email: m.email, password: m.password },
      f.csrfCookie,
    );
    expect(res.status).toBe(302);
    const params = fragmentOf(res.headers.get('location'));
    expect(params.get('state')).toBe(f.p.state);
    const tokens = await kit.exchange({
      code: params.get('code')!,
      codeVerifier: f.p.verifier,
      redirectUri: APP.redirectUri,
    });
    expect(tokens.status).toBe(200);
    const raw = setCookies(res).find((c) => c.startsWith('vitrine_sso='))!;
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    const sso = raw.split(';')[0]!;
    // The cookie value is stored only as a hash.
    const value = sso.split('=')[1]!;
    const { rows } = await kit.server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from browser_sessions where encode(token_hash, 'hex') = $1 or encode(token_hash, 'escape') = $1",
      [value],
    );
    expect(rows[0]!.n).toBe(0);

    // prompt none is satisfied by the cookie.
    const silent = await kit.redirectSession(kit.authRequest(pkce(), {}, 'none'));
    const s = await kit.open(silent.body.redirectSession.fullUrl, sso);
    expect(s.status).toBe(302);
    // An authorization code: 256 random bits, base64url.
    expect(fragmentOf(s.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
    // prompt login asks again (prompt-values.integration.test.ts has every value).
    const { body } = await kit.redirectSession(kit.authRequest(pkce(), {}, 'login'));
    const again = await kit.open(body.redirectSession.fullUrl, sso);
    expect([again.status, again.headers.get('location')]).toEqual([200, null]);
    expect(await again.text()).toContain('name="password"');
  });

  it('create account, forgot password views work without JavaScript', async () => {
    const f = await openForm();
    const reg = await submit(
      f.url,
      {
        redirectSessionId: f.id,
        csrf: f.csrf,
        action: 'register',
        email: `new${Date.now()}@example.com`,
        password: 'a long enough password',
      },
      f.csrfCookie,
    );
    expect(reg.status).toBe(302);
    expect(fragmentOf(reg.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
    const short = await openForm();
    const bad = await submit(
      short.url,
      { redirectSessionId: short.id, csrf: short.csrf, action: 'register', email: 'x@example.com', password: 'short' },
      short.csrfCookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('id="password-error"');
    const forgot = await openForm();
    const sent = await submit(
      forgot.url,
      { redirectSessionId: forgot.id, csrf: forgot.csrf, action: 'forgot', email: 'nobody@example.com' },
      forgot.csrfCookie,
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('If an account exists');
    const viewRes = await kit.open(`${forgot.url}&view=forgot`);
    expect(await viewRes.text()).toContain('Send reset link');
  });
});

describe('email verification on the hosted page', () => {
  let vkit: Kit;
  beforeAll(async () => {
    const { startTestServer } = await import('../../test-support/server.js');
    const { withRedirectClient } = await import('../../test-support/redirect-kit.js');
    vkit = new Kit(
      await startTestServer({
        site: (s) => {
          const w = withRedirectClient(s);
          return { ...w, policies: { ...w.policies, emailVerification: 'required' } };
        },
      }),
    );
  });
  afterAll(() => vkit.server.close());

  it('register → code entry → signed in with a code', async () => {
    const p = pkce();
    const { body } = await vkit.redirectSession(vkit.authRequest(p));
    const page = await vkit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    const cookie = cookiePair(page, 'vitrine_csrf')!;
    const email = `v${Date.now()}@example.com`;
    const fields = { redirectSessionId: body.redirectSession.id, csrf: hiddenValue(html, 'csrf')! };
    const step = await submit(
      body.redirectSession.fullUrl,
      { ...fields, action: 'register', email, password: 'a long enough password' },
      cookie,
    );
    expect(step.status).toBe(200);
    const verifyHtml = await step.text();
    expect(verifyHtml).toContain('autocomplete="one-time-code"');
    const stateToken = hiddenValue(verifyHtml, 'stateToken')!;
    const wrong = await submit(
      body.redirectSession.fullUrl,
      { ...fields, action: 'verify', stateToken, code: '000000', email },
      cookie,
    );
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const mail = (await (await fetch(`${vkit.server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { text: string }[];
    };
    const code = /\b(\d{6})\b/.exec(mail.messages[0]!.text)![1]!;
    const done = await submit(
      body.redirectSession.fullUrl,
      { ...fields, action: 'verify', stateToken, code, email },
      cookie,
    );
    expect(done.status).toBe(302);
    expect(fragmentOf(done.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
  });
});

describe('logout', () => {
  async function signedInMember() {
    const m = await kit.member();
    const p = pkce();
    const { body } = await kit.redirectSession(
      kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined, sessionToken: m.sessionToken }, 'none'),
    );
    const html = await (await kit.open(body.redirectSession.fullUrl)).text();
    const code = /"code":"([^"]+)"/.exec(html)![1]!;
    const tokens = (await (await kit.exchange({ code, codeVerifier: p.verifier })).json()) as {
      access_token: string;
      refresh_token: string;
    };
    return { m, tokens };
  }

  it('posts a web_message answer to the framing origin only, when the frame says which it is', async () => {
    const silent = async (headers: Record<string, string>) => {
      const m = await kit.member();
      const { body } = await kit.redirectSession(
        kit.authRequest(
          pkce(),
          { responseMode: 'web_message', redirectUri: undefined, sessionToken: m.sessionToken },
          'none',
        ),
      );
      const html = await (await fetch(body.redirectSession.fullUrl, { headers })).text();
      return JSON.parse(/,o=(\[[^\]]*\]);/.exec(html)![1]!) as string[];
    };
    // A client with three allowed origins, as the demo's (localhost and 127.0.0.1, the Vite dev server).
    const client = kit.server.ctx.config.sites
      .flatMap((site) => site.clients)
      .find((c) => c.clientId === APP.clientId)!;
    const before = client.allowedOrigins;
    const allowed = [APP.origin, 'https://www.shop.test', 'http://localhost:5173'];
    client.allowedOrigins = allowed;
    try {
      // The frame's navigation names its parent (Referer): one target, no warning per other origin.
      expect(await silent({ referer: 'https://www.shop.test/account?x=1' })).toEqual(['https://www.shop.test']);
      // No Referer, or one of an origin the client does not allow: every allowed origin, as before.
      expect(await silent({})).toEqual(allowed);
      expect(await silent({ referer: 'https://evil.example/' })).toEqual(allowed);
    } finally {
      client.allowedOrigins = before;
    }
  });

  it('ends the member session and the cookie, then redirects to an allowed postFlowUrl', async () => {
    // The cookie is the same member's: a logout with one member's token never signs another member's browser out (F-9).
    const { m: login, tokens } = await signedInMember();
    const f = await openForm();
    const signedIn = await submit(
      f.url,
      { redirectSessionId: f.id, csrf: f.csrf, action: 'signin', email: login.email, password: login.password },
      f.csrfCookie,
    );
    const sso = cookiePair(signedIn, 'vitrine_sso')!;
    const { res, body } = await kit.redirectSession(
      { logout: { clientId: APP.clientId }, callbacks: { postFlowUrl: `${APP.origin}/bye` } },
      tokens.access_token,
    );
    expect(res.status).toBe(200);
    expect(body.redirectSession.fullUrl.startsWith(`${kit.server.url}/oauth2/logout?`)).toBe(true);
    const out = await kit.open(body.redirectSession.fullUrl, sso);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${APP.origin}/bye`);
    expect(setCookies(out).find((c) => c.startsWith('vitrine_sso='))).toMatch(/Max-Age=0/);
    const refresh = await kit.post('/oauth2/token', {
      clientId: APP.clientId,
      grantType: 'refresh_token',
      refreshToken: tokens.refresh_token,
    });
    expect(refresh.status).toBe(400);
    const member = await fetch(`${kit.server.url}/_api/members/v1/members/my`, {
      headers: { authorization: tokens.access_token },
    });
    expect(member.status).toBe(401);
    // The cookie no longer signs anyone in.
    const p = pkce();
    const silent = await kit.redirectSession(kit.authRequest(p, {}, 'none'));
    expect(
      fragmentOf((await kit.open(silent.body.redirectSession.fullUrl, sso)).headers.get('location')).get('error'),
    ).toBe('login_required');
    // Single use.
    expect((await kit.open(body.redirectSession.fullUrl)).status).toBe(400);
  });

  it.each([
    'https://evil.test/',
    'https://shop.test.evil.test/',
    '//evil.test',
    'javascript:alert(1)',
    'https://user@shop.test/',
  ])('refuses the open redirect %s', async (postFlowUrl) => {
    const { res } = await kit.redirectSession({ logout: { clientId: APP.clientId }, callbacks: { postFlowUrl } });
    expect(res.status).toBe(400);
  });

  it('without a postFlowUrl shows a signed-out page', async () => {
    const { body } = await kit.redirectSession({ logout: { clientId: APP.clientId } });
    const res = await kit.open(body.redirectSession.fullUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('signed out');
  });
});

describe('external login (authorized_client)', () => {
  const grant = (body: Record<string, unknown>, authorization: string) =>
    kit.post('/oauth2/token', body, { authorization });

  it('member_id with a valid site API key gives member tokens, and the use is audited', async () => {
    const m = await kit.member();
    const visitor = await kit.visitor();
    const res = await grant(
      { grant_type: 'authorized_client', scope: 'offline_access', member_id: m.memberId },
      `${visitor.access_token},${API_KEY}`,
    );
    expect(res.status).toBe(200);
    const t = (await res.json()) as { access_token: string };
    expect(JSON.parse(Buffer.from(t.access_token.split('.')[1]!, 'base64url').toString())).toMatchObject({
      sub: m.memberId,
      role: 'member',
      client_id: APP.clientId,
    });
    const { rows } = await kit.server.ctx.db.query<{ key_name: string; outcome: string }>(
      'select key_name, outcome from api_key_audit where member_id = $1',
      [m.memberId],
    );
    expect(rows).toEqual([{ key_name: 'backend', outcome: 'granted' }]);
    // An empty access token part also works (the SDK may send ",<apiKey>").
    expect((await grant({ grant_type: 'authorized_client', member_id: m.memberId }, `,${API_KEY}`)).status).toBe(200);
  });

  it('refuses a wrong key, a missing key, an unknown member, and audits the refusal', async () => {
    const m = await kit.member();
    expect((await grant({ grant_type: 'authorized_client', member_id: m.memberId }, ',wrong-key')).status).toBe(401);
    expect((await grant({ grant_type: 'authorized_client', member_id: m.memberId }, '')).status).toBe(401);
    const unknown = await grant(
      { grant_type: 'authorized_client', member_id: '00000000-0000-4000-8000-000000000000' },
      `,${API_KEY}`,
    );
    expect(unknown.status).toBe(400);
    expect((await grant({ grant_type: 'authorized_client', member_id: 'not-a-uuid' }, `,${API_KEY}`)).status).toBe(400);
    const { rows } = await kit.server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from api_key_audit where outcome like 'refused:%'",
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('with session_token from sign-on: single use and bound to that member', async () => {
    const signOn = async (email: string) =>
      (await (
        await kit.post('/_api/iam/authentication/v2/sign-on', { loginId: { email } }, { authorization: `,${API_KEY}` })
      ).json()) as { sessionToken: string; identity: { id: string } };
    const a = await signOn(`ext${Date.now()}@example.com`);
    const ok = await grant(
      { grant_type: 'authorized_client', member_id: a.identity.id, session_token: a.sessionToken },
      `,${API_KEY}`,
    );
    expect(ok.status).toBe(200);
    const replay = await grant(
      { grant_type: 'authorized_client', member_id: a.identity.id, session_token: a.sessionToken },
      `,${API_KEY}`,
    );
    expect(replay.status).toBe(400);
    const b = await signOn(`ext2${Date.now()}@example.com`);
    const other = await kit.member();
    expect(
      (
        await grant(
          { grant_type: 'authorized_client', member_id: other.memberId, session_token: b.sessionToken },
          `,${API_KEY}`,
        )
      ).status,
    ).toBe(400);
  });
});
