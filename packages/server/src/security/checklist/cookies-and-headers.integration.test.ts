import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../../../test-support/checklist.js';
import { APP, Kit, fragmentOf, pkce, withRedirectClient } from '../../../test-support/redirect-kit.js';
import { startTestServer } from '../../../test-support/server.js';

/**
 * Audit checklist #13 (HSTS, nosniff, Referrer-Policy, no framing), #18 (session fixation) and #37
 * (the reset page leaks its token to nobody). One server whose PUBLIC_URL is https, as in production;
 * the links it hands out name that public URL and are opened on the test port instead.
 */
const PUBLIC_URL = 'https://vitrine.test';
const HSTS = 'max-age=31536000; includeSubDomains';
let kit: Kit;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'vitrine-checklist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shop</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
  const server = await startTestServer({
    site: withRedirectClient,
    config: (c) => ({ ...c, publicUrl: PUBLIC_URL, storefrontDir: dist }),
    routes(app) {
      app.get('/__test/boom', async () => {
        throw new Error('a bug');
      });
    },
  });
  // The test server points PUBLIC_URL at its port once listening; keep the https one it was built with.
  server.ctx.config.publicUrl = PUBLIC_URL;
  kit = new Kit(server);
});
afterAll(() => kit.server.close());

const local = (url: string) => url.replace(PUBLIC_URL, kit.server.url);
/** A Set-Cookie of the given base name, with or without a __Host-/__Secure- prefix. */
const setCookie = (res: Response, base: string) =>
  res.headers.getSetCookie().find((c) => new RegExp(`^(__Host-|__Secure-)?${base}=`).test(c));
const pair = (raw: string | undefined) => raw?.split(';')[0];
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

async function signInForm(p = pkce(), cookie?: string) {
  const { body } = await kit.redirectSession(kit.authRequest(p));
  const url = local(body.redirectSession.fullUrl);
  const res = await kit.open(url, cookie);
  const html = await res.text();
  return {
    p,
    url,
    res,
    html,
    id: body.redirectSession.id,
    csrf: hiddenValue(html, 'csrf')!,
    csrfCookie: pair(setCookie(res, 'vitrine_csrf'))!,
  };
}

const submit = (url: string, fields: Record<string, string>, cookie: string) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });

async function resetLink(redirectUrl = APP.redirectUri): Promise<string> {
  const m = await kit.member();
  const res = await kit.post(
    '/_api/iam/recovery/v1/send-email',
    { email: m.email, redirect: { url: redirectUrl, clientId: APP.clientId } },
    { authorization: m.visitor.access_token },
  );
  expect(res.status).toBe(200);
  const [mail] = await listMail(kit.server.ctx.db, { to: m.email });
  return local(/(https?:\S+\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
}

function expectNotFrameable(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

function expectBaseHeaders(res: Response) {
  expect(res.headers.get('strict-transport-security')).toBe(HSTS);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('#13 transport and browser headers under an https PUBLIC_URL', () => {
  it('HSTS, nosniff and no-referrer on every kind of response, errors and the storefront included', async () => {
    const token = (body: string, type = 'application/json') =>
      fetch(`${kit.server.url}/oauth2/token`, { method: 'POST', headers: { 'content-type': type }, body });
    const responses: [string, Response][] = [
      ['health', await fetch(`${kit.server.url}/healthz`)],
      ['jwks', await fetch(`${kit.server.url}/.well-known/jwks.json`)],
      ['unknown route 404', await fetch(`${kit.server.url}/_api/nothing/here`)],
      ['500', await fetch(`${kit.server.url}/__test/boom`)],
      ['token 200', await token(JSON.stringify({ clientId: APP.clientId, grantType: 'anonymous' }))],
      ['token 400', await token(JSON.stringify({ clientId: APP.clientId, grantType: 'password' }))],
      ['token 401', await token(JSON.stringify({ clientId: 'who', grantType: 'anonymous' }))],
      ['bad JSON 400', await token('{"clientId":')],
      ['413', await token(JSON.stringify({ pad: 'x'.repeat(20_000) }))],
      ['415', await token('<x/>', 'application/xml')],
      ['401 member route', await fetch(`${kit.server.url}/_api/members/v1/members/my`)],
      [
        'preflight',
        await fetch(`${kit.server.url}/wix-data/v2/items/query`, {
          method: 'OPTIONS',
          headers: { origin: APP.origin, 'access-control-request-method': 'POST' },
        }),
      ],
      ['data query', await kit.post('/wix-data/v2/items/query', { dataCollectionId: 'Products', query: {} })],
      ['hosted page 400', await kit.open(`${kit.server.url}/oauth2/authorize?redirectSessionId=nope`)],
      ['reset page 400', await fetch(`${kit.server.url}/reset-password?token=nope`)],
      ['storefront page', await fetch(`${kit.server.url}/`)],
      [
        'storefront route fallback',
        await fetch(`${kit.server.url}/products/mug`, { headers: { accept: 'text/html' } }),
      ],
      ['storefront asset', await fetch(`${kit.server.url}/assets/app-abc123.js`)],
      ['storefront missing asset', await fetch(`${kit.server.url}/assets/missing.js`)],
      ['storefront config', await fetch(`${kit.server.url}/_vitrine/config.json`)],
      ['product picture', await fetch(`${kit.server.url}/assets/products/stoneware-mug.svg`)],
    ];
    for (const [name, res] of responses) {
      expect([
        name,
        res.headers.get('strict-transport-security'),
        res.headers.get('x-content-type-options'),
        res.headers.get('referrer-policy'),
      ]).toEqual([name, HSTS, 'nosniff', 'no-referrer']);
    }
    expect(responses.find(([n]) => n === '500')![1].status).toBe(500);
    expectNotFrameable(responses.find(([n]) => n === 'storefront page')![1]);
  });

  it('every hosted page is unframeable, nosniff and no-referrer: sign-in, register, forgot, a failed sign-in, logout, bad links', async () => {
    const form = await signInForm();
    const pages: [string, Response][] = [
      ['sign-in', form.res],
      ['register', await kit.open(`${form.url}&view=register`)],
      ['forgot', await kit.open(`${form.url}&view=forgot`)],
      [
        'failed sign-in',
        await submit(
          form.url,
          {
            redirectSessionId: form.id,
            csrf: form.csrf,
            action: 'signin',
            email: 'nobody@example.com',
            password: 'not the password',
          },
          form.csrfCookie,
        ),
      ],
      [
        'csrf refusal',
        await submit(
          form.url,
          { redirectSessionId: form.id, csrf: 'x', action: 'signin', email: 'nobody@example.com', password: 'x' },
          form.csrfCookie,
        ),
      ],
      [
        'unknown session',
        await kit.open(`${kit.server.url}/oauth2/authorize?redirectSessionId=00000000-0000-4000-8000-000000000000`),
      ],
      ['unknown logout', await kit.open(`${kit.server.url}/oauth2/logout?redirectSessionId=nope`)],
    ];
    const logout = await kit.redirectSession({ logout: { clientId: APP.clientId } });
    pages.push(['signed out', await kit.open(local(logout.body.redirectSession.fullUrl))]);
    for (const [name, res] of pages) {
      expect([name, res.headers.get('content-type')]).toEqual([name, 'text/html; charset=utf-8']);
      expectBaseHeaders(res);
      expectNotFrameable(res);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('#18 session fixation on the hosted pages', () => {
  const PLANTED = 'AttackerChosenValue_AAAAAAAAAAAAAAAAAAAAAAA';
  // Planted under every name the session cookie could have, so the test holds whichever is used.
  const plantedCookies = `vitrine_sso=${PLANTED}; __Host-vitrine_sso=${PLANTED}; __Secure-vitrine_sso=${PLANTED}`;

  it('a planted cookie is not adopted: sign-in issues a new value, and the planted one signs nobody in', async () => {
    expect(PLANTED).toMatch(/^[A-Za-z0-9_-]{43}$/); // the shape of a real value, so only its origin differs
    const m = await kit.member();
    const form = await signInForm(pkce(), plantedCookies);
    expect(form.res.status).toBe(200); // the planted value is nobody: the form is shown
    const signedIn = await submit(
      form.url,
      { redirectSessionId: form.id, csrf: form.csrf, action: 'signin', email: m.email, password: m.password },
      `${form.csrfCookie}; ${plantedCookies}`,
    );
    expect(signedIn.status).toBe(302);
    const issued = pair(setCookie(signedIn, 'vitrine_sso'))!;
    // Under https the cookie carries the __Host- prefix.
    expect(issued).toMatch(/^__Host-vitrine_sso=[\w-]{43}$/);
    const issuedValue = issued.slice(issued.indexOf('=') + 1);
    expect(issuedValue).not.toBe(PLANTED);
    expect(issuedValue).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { rows } = await kit.server.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from browser_sessions where token_hash = $1',
      [createHash('sha256').update(PLANTED).digest()],
    );
    expect(rows[0]!.n).toBe(0);

    const silent = async (cookie: string) => {
      const p = pkce();
      const { body } = await kit.redirectSession(kit.authRequest(p, {}, 'none'));
      return fragmentOf((await kit.open(local(body.redirectSession.fullUrl), cookie)).headers.get('location'));
    };
    const withPlanted = await silent(plantedCookies);
    expect(withPlanted.get('error')).toBe('login_required');
    expect(withPlanted.get('code')).toBeNull();
    // An authorization code: 256 random bits, base64url.
    expect((await silent(issued)).get('code')).toMatch(/^[\w-]{43}$/);
  });
});

describe('#37 the reset page keeps its token to itself', () => {
  it('strict CSP, no-referrer as header and meta, not frameable, no external resources or links', async () => {
    const link = await resetLink();
    const token = new URL(link).searchParams.get('token')!;
    for (const url of [link, `${kit.server.url}/reset-password?token=${'x'.repeat(43)}`]) {
      const res = await fetch(url);
      const html = await res.text();
      expectBaseHeaders(res);
      expectNotFrameable(res);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const csp = res.headers.get('content-security-policy')!;
      for (const directive of ["default-src 'none'", "base-uri 'none'", "form-action 'self'", "connect-src 'self'"])
        expect(csp).toContain(directive);
      expect(csp).toMatch(/script-src 'nonce-[^']+'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(html).toContain('<meta name="referrer" content="no-referrer">');
      // Nothing on the page makes the browser load or follow another URL (which would carry a Referer).
      const references = [
        ...html.matchAll(/\b(?:href|src|action|srcset|poster|background)\s*=\s*["']?([^"'\s>]+)/gi),
      ].map((m) => m[1]);
      expect(references).toEqual([]);
      expect(html).not.toMatch(/<(?:a|link|img|iframe|object|embed|form[^>]*action)\b[^>]*>/i);
      expect(html).not.toMatch(/url\(/i);
    }
    // The token is only in the hidden field the script posts; the one redirect is the registered URI.
    const html = await (await fetch(link)).text();
    expect(html.split(token).length - 1).toBe(1);
    expect(html).toContain(JSON.stringify(APP.redirectUri));
  });
});
