import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../../../test-support/checklist.js';
import { APP, Kit, pkce } from '../../../test-support/redirect-kit.js';

/**
 * Audit checklist #1, #2 and #17 (docs/security-checklist.md): redirect URIs match exactly, nothing
 * unregistered ever gets a redirect (also with prompt=none), and no flow continues to a foreign host.
 */
let kit: Kit;
let member: Awaited<ReturnType<Kit['member']>>;
beforeAll(async () => {
  kit = await Kit.start();
  member = await kit.member();
});
afterAll(() => kit.server.close());

type ErrorBody = { details?: { validationError?: { fieldViolations: { field: string; ruleName: string }[] } } };
const violations = (body: unknown) => (body as ErrorBody).details?.validationError?.fieldViolations ?? [];

// Appendix A item 1, for the registered https://shop.test/callback: every near miss.
const NEAR_MISSES: [string, string][] = [
  ['trailing slash', `${APP.redirectUri}/`],
  ['extra query', `${APP.redirectUri}?x=1`],
  ['upper-case path', 'https://shop.test/CALLBACK'],
  ['upper-case scheme and host', 'HTTPS://SHOP.TEST/callback'],
  ['http scheme', 'http://shop.test/callback'],
  ['sub-domain', 'https://sub.shop.test/callback'],
  ['registered host as a prefix of another', 'https://shop.test.evil.test/callback'],
  ['userinfo @', 'https://shop.test@evil.test/callback'],
  ['dot-dot after', `${APP.redirectUri}/../x`],
  ['dot-dot before', 'https://shop.test/x/../callback'],
  ['fragment', `${APP.redirectUri}#frag`],
  ['explicit default port', 'https://shop.test:443/callback'],
  ['encoded slash', `${APP.redirectUri}%2F`],
  ['leading space', ` ${APP.redirectUri}`],
  ['trailing newline', `${APP.redirectUri}\n`],
  ['scheme-relative', '//evil.test/callback'],
  ['foreign host', 'https://evil.test/callback'],
];

describe('#1 exact redirect-URI matching', () => {
  it.each(['login', 'none'])('the registered URI itself is accepted with prompt=%s', async (prompt) => {
    const { res, body } = await kit.redirectSession(kit.authRequest(pkce(), {}, prompt));
    expect(res.status).toBe(200);
    expect(body.redirectSession.fullUrl.startsWith(`${kit.server.url}/oauth2/authorize?redirectSessionId=`)).toBe(true);
  });

  const cases = NEAR_MISSES.flatMap(([name, uri]) => ['login', 'none'].map((prompt) => [name, prompt, uri] as const));
  it.each(cases)('refuses the %s variant with prompt=%s', async (_name, prompt, redirectUri) => {
    const { res, body } = await kit.redirectSession(kit.authRequest(pkce(), { redirectUri }, prompt));
    expect(res.status).toBe(400);
    expect(violations(body)).toContainEqual(
      expect.objectContaining({ field: 'auth.authRequest.redirectUri', ruleName: 'REDIRECT_URI_NOT_REGISTERED' }),
    );
    expect(body.redirectSession).toBeUndefined();
  });
});

describe('#2 unknown client or unregistered URI: no redirect, also with prompt=none', () => {
  it('an unregistered URI with prompt=none creates no redirect session', async () => {
    const before = await kit.server.ctx.db.query<{ n: number }>('select count(*)::int as n from redirect_sessions');
    const { res, body } = await kit.redirectSession(
      kit.authRequest(pkce(), { redirectUri: 'https://evil.test/cb' }, 'none'),
    );
    expect(res.status).toBe(400);
    expect(body.redirectSession).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('/oauth2/authorize');
    const after = await kit.server.ctx.db.query<{ n: number }>('select count(*)::int as n from redirect_sessions');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('an unknown client with prompt=none is a 400 naming the client', async () => {
    const { res, body } = await kit.redirectSession(
      kit.authRequest(pkce(), { clientId: 'nope', redirectUri: 'https://evil.test/cb' }, 'none'),
    );
    expect(res.status).toBe(400);
    expect(violations(body).map((v) => v.field)).toContain('auth.authRequest.clientId');
  });

  it('a classic authorize URL naming an unregistered URI is a 400 page without Location', async () => {
    const query = new URLSearchParams({
      client_id: APP.clientId,
      redirect_uri: 'https://evil.test/cb',
      response_type: 'code',
      prompt: 'none',
      state: 'x',
    });
    const res = await kit.open(`${kit.server.url}/oauth2/authorize?${query.toString()}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).not.toContain('evil.test');
  });

  it.each(['00000000-0000-4000-8000-000000000000', "' or 1=1--", '', 'x'.repeat(300)])(
    'an unknown redirectSessionId %j is a 400 without Location on both pages',
    async (id) => {
      for (const path of ['/oauth2/authorize', '/oauth2/logout']) {
        const res = await kit.open(`${kit.server.url}${path}?redirectSessionId=${encodeURIComponent(id)}`);
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
      }
    },
  );
});

// Appendix A item 17 (the backslash-echo and control-character cases are F-8, tested with its fix).
const FOREIGN_TARGETS = [
  'https://evil.test/',
  'https://shop.test.evil.test/',
  'https://shop.test@evil.test/',
  'https://user:pw@shop.test/',
  'https://shop.test%2f@evil.test/',
  'https://evil.test\\@shop.test/',
  '//evil.test',
  '/\\evil.test',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https:evil.test',
  'http://shop.test/',
  'https://shop.test:8443/',
  'https://evil.test/?next=https://shop.test/',
];
const ALLOWED_TARGET = `${APP.origin}/any/path?x=1`;

describe('#17 continuation URLs never lead to a foreign host', () => {
  it.each(FOREIGN_TARGETS)('logout and login intents refuse postFlowUrl %j', async (postFlowUrl) => {
    const visitor = await kit.visitor();
    const logout = await kit.redirectSession({ logout: { clientId: APP.clientId }, callbacks: { postFlowUrl } });
    expect(logout.res.status).toBe(400);
    expect(violations(logout.body).map((v) => v.field)).toContain('callbacks.postFlowUrl');
    const login = await kit.redirectSession({ login: {}, callbacks: { postFlowUrl } }, visitor.access_token);
    expect(login.res.status).toBe(400);
    expect(violations(login.body).map((v) => v.field)).toContain('callbacks.postFlowUrl');
  });

  it.each(FOREIGN_TARGETS)('GET v1/logout refuses postLogoutRedirectUri %j without redirecting', async (target) => {
    const query = new URLSearchParams({ postLogoutRedirectUri: target, clientId: APP.clientId });
    const res = await kit.open(`${kit.server.url}/_api/iam/authentication/v1/logout?${query.toString()}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  const mailsTo = (email: string) => listMail(kit.server.ctx.db, { to: email });

  it.each(FOREIGN_TARGETS)('a reset mail refuses redirect.url %j and sends nothing', async (url) => {
    const res = await kit.post(
      '/_api/iam/recovery/v1/send-email',
      { email: member.email, redirect: { url, clientId: APP.clientId } },
      { authorization: member.visitor.access_token },
    );
    expect(res.status).toBe(400);
    expect(violations(await res.json()).map((v) => v.field)).toContain('redirect.url');
    expect(await mailsTo(member.email)).toHaveLength(0);
  });

  it('a URL under an allowed origin is accepted by every one of those flows (the refusals above are not blanket)', async () => {
    // The member's own token: the logout happens at once, without a confirmation step.
    const session = await kit.server.ctx.db.transaction((tx) =>
      kit.server.ctx.tokens.createMemberSession(tx, {
        siteId: kit.server.siteId,
        clientId: APP.clientId,
        memberId: member.memberId,
      }),
    );
    const logout = await kit.redirectSession(
      { logout: { clientId: APP.clientId }, callbacks: { postFlowUrl: ALLOWED_TARGET } },
      session.accessToken,
    );
    expect(logout.res.status).toBe(200);
    const out = await kit.open(logout.body.redirectSession.fullUrl);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(ALLOWED_TARGET);
    const visitor = await kit.visitor();
    expect(
      (await kit.redirectSession({ login: {}, callbacks: { postFlowUrl: ALLOWED_TARGET } }, visitor.access_token)).res
        .status,
    ).toBe(200);
    const query = new URLSearchParams({ postLogoutRedirectUri: ALLOWED_TARGET, clientId: APP.clientId });
    const v1 = await kit.open(`${kit.server.url}/_api/iam/authentication/v1/logout?${query.toString()}`);
    expect(v1.status).toBe(302);
    expect(v1.headers.get('location')).toBe(ALLOWED_TARGET);
    const reset = await kit.post(
      '/_api/iam/recovery/v1/send-email',
      { email: member.email, redirect: { url: ALLOWED_TARGET, clientId: APP.clientId } },
      { authorization: member.visitor.access_token },
    );
    expect(reset.status).toBe(200);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });
});
