import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { addOwner, consoleClient, signedIn } from '../../test-support/owners-kit.js';

/** Owner accounts of the console: setup links, sessions, CSRF, roles, lockout and two-factor, on a real server. */
let server: TestServer;
let clock = Date.now();
let visitor: string;
beforeAll(async () => {
  server = await startTestServer({
    now: () => clock,
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'manual', captcha: 'off' },
    }),
  });
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const site = () => server.siteId;
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function pendingMember(): Promise<{ id: string; email: string }> {
  const email = unique('member');
  // The suite moves the clock by hours: a fresh visitor token each time.
  visitor = await visitorToken(server.url, server.clientId);
  const reg = await api(server.url)('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: 'correct horse battery' },
  });
  expect(reg.body, JSON.stringify(reg.body)).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL' });
  return { id: reg.body.identity.id as string, email };
}

describe('owner setup and sessions', () => {
  it('a setup link sets the password once; the session cookie is HttpOnly and SameSite=Strict', async () => {
    const email = unique('owner');
    const invited = await api(server.url)('POST', '/_admin/v1/owners', {
      token: `Bearer ${server.adminKey}`,
      body: { email, role: 'owner' },
    });
    expect(invited.status).toBe(200);
    expect(invited.body.setupUrl).toMatch(new RegExp(`^${server.url}/console/setup\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(invited.body.setupUrl as string).searchParams.get('token');
    const client = consoleClient(server.url);
    // A common password is refused and the link stays usable.
    const weak = await client.call('POST', '/_admin/v1/console/setup', { token, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toContain('COMMON_PASSWORD');
    expect(
      (await client.call('POST', '/_admin/v1/console/setup', { token, password: 'a fine owner password' })).status,
    ).toBe(200);
    expect(
      (await client.call('POST', '/_admin/v1/console/setup', { token, password: 'another owner password' })).body
        .details.applicationError.code,
    ).toBe('SETUP_LINK_USED');

    const signIn = await fetch(`${server.url}/_admin/v1/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a fine owner password' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^vitrine_owner=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    const body = (await signIn.json()) as { owner: { email: string; role: string }; csrfToken: string };
    expect(body.owner).toMatchObject({ email, role: 'owner', twoFactor: false });
    const session = await fetch(`${server.url}/_admin/v1/console/session`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(((await session.json()) as { csrfToken: string }).csrfToken).toBe(body.csrfToken);
  });

  it('a session ends at sign-out, after 30 idle minutes, and after 12 hours however busy', async () => {
    const client = await signedIn(server, unique('idle'), 'support');
    clock += 29 * 60_000;
    expect((await client.call('GET', '/_admin/v1/console/session')).status).toBe(200);
    clock += 29 * 60_000; // 58 minutes in, but used 29 minutes ago
    expect((await client.call('GET', '/_admin/v1/console/session')).status).toBe(200);
    clock += 31 * 60_000;
    const idle = await client.call('GET', '/_admin/v1/console/session');
    expect(idle.status).toBe(401);
    expect(idle.body.details.applicationError.code).toBe('OWNER_SESSION_REQUIRED');

    const busy = await signedIn(server, unique('busy'), 'support');
    for (let minutes = 0; minutes < 12 * 60; minutes += 25) {
      clock += 25 * 60_000;
      if ((await busy.call('GET', '/_admin/v1/console/session')).status !== 200) break;
    }
    expect((await busy.call('GET', '/_admin/v1/console/session')).status).toBe(401);

    const leaving = await signedIn(server, unique('leaving'), 'owner');
    const stolenCookie = leaving.cookie;
    expect((await leaving.call('POST', '/_admin/v1/console/sign-out', {})).status).toBe(200);
    expect(leaving.cookie).toBeUndefined();
    const replay = await fetch(`${server.url}/_admin/v1/console/session`, { headers: { cookie: stolenCookie! } });
    expect(replay.status).toBe(401);
  });

  it('a change without the session CSRF value is refused; the same call with it works', async () => {
    const client = await signedIn(server, unique('csrf'), 'support');
    const member = await pendingMember();
    const path = `/_admin/v1/members/${member.id}/approve`;
    const none = await client.call('POST', path, { siteId: site() }, { csrf: null });
    expect(none.status).toBe(403);
    expect(none.body.details.applicationError.code).toBe('CSRF_REJECTED');
    const other = await signedIn(server, unique('csrf-other'), 'support');
    expect((await client.call('POST', path, { siteId: site() }, { csrf: other.csrf! })).status).toBe(403);
    expect((await client.call('POST', path, { siteId: site() })).body.member.status).toBe('ACTIVE');
  });

  it('five wrong passwords lock the owner out from that address, the right one included', async () => {
    const email = unique('locked');
    await addOwner(server, email, 'owner', 'the right password');
    const client = consoleClient(server.url);
    for (let i = 0; i < 5; i++)
      expect(
        (await client.call('POST', '/_admin/v1/console/sign-in', { email, password: `wrong ${i} password` })).status,
      ).toBe(401);
    const locked = await client.call('POST', '/_admin/v1/console/sign-in', { email, password: 'the right password' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    clock += 16 * 60_000;
    expect(
      (await client.call('POST', '/_admin/v1/console/sign-in', { email, password: 'the right password' })).status,
    ).toBe(200);
    const events = await api(server.url)('GET', `/_admin/v1/auth-events?siteId=${site()}&type=owner_sign_in&limit=20`, {
      token: `Bearer ${server.adminKey}`,
    });
    const mine = events.body.events.filter((e: { email: string }) => e.email === email);
    // The five failures and the refusal share one clock reading, so only the success's place is certain.
    // The first success is the setup link's own sign-in (addOwner sets the password through it).
    expect(mine.map((e: { outcome: string }) => e.outcome).sort()).toEqual([
      'failure',
      'failure',
      'failure',
      'failure',
      'failure',
      'refused',
      'success',
      'success',
    ]);
    expect(mine[0].detail).toMatchObject({ identityType: 'WIX_USER', role: 'owner' });
  });
});

describe('roles are enforced by the server', () => {
  it('support manages members but not owners or keys; editor not members', async () => {
    const support = await signedIn(server, unique('support'), 'support');
    expect((await support.call('GET', `/_admin/v1/members?siteId=${site()}`)).status).toBe(200);
    const invite = await support.call('POST', '/_admin/v1/owners', { email: unique('x'), role: 'owner' });
    expect(invite.status).toBe(403);
    expect(invite.body.details.applicationError.code).toBe('OWNER_ROLE_REFUSED');
    // Signing keys and (until the console's collection pages exist) collection writes need a key, not a session.
    expect((await support.call('POST', '/_admin/v1/keys/rotate', {})).status).toBe(401);
    const write = await support.call('POST', '/wix-data/v2/items', {
      dataCollectionId: 'Products',
      dataItem: { data: { title: 'x' } },
    });
    expect(write.status).toBeGreaterThanOrEqual(401);
    expect(write.status).toBeLessThan(404);

    const editor = await signedIn(server, unique('editor'), 'editor');
    const refused = await editor.call('GET', `/_admin/v1/members?siteId=${site()}`);
    expect(refused.status).toBe(403);
    expect((await editor.call('GET', `/_admin/v1/auth-events?siteId=${site()}`)).status).toBe(403);

    const owner = await signedIn(server, unique('boss'), 'owner');
    const invited = await owner.call('POST', '/_admin/v1/owners', { email: unique('new'), role: 'support' });
    expect(invited.status).toBe(200);
    expect(invited.body.owner.role).toBe('support');
  });

  it('members search, sort and page on the server; actions take effect at once and are audited as the owner', async () => {
    const a = await pendingMember();
    const b = await pendingMember();
    const support = await signedIn(server, unique('helpdesk'), 'support');
    const found = await support.call(
      'GET',
      `/_admin/v1/members?siteId=${site()}&search=${encodeURIComponent(a.email.slice(0, 14).toUpperCase())}`,
    );
    expect(found.body).toMatchObject({ total: 1, members: [{ id: a.id, status: 'PENDING' }] });
    const paged = await support.call(
      'GET',
      `/_admin/v1/members?siteId=${site()}&status=PENDING&sort=email&order=desc&limit=1&offset=0`,
    );
    expect(paged.body.members).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
    expect((await support.call('GET', `/_admin/v1/members?siteId=${site()}&search=%25`)).body.total).toBe(0);
    expect((await support.call('GET', `/_admin/v1/members?siteId=${site()}&sort=password_hash`)).status).toBe(400);

    expect(
      (await support.call('POST', `/_admin/v1/members/${a.id}/approve`, { siteId: site() })).body.member.status,
    ).toBe('ACTIVE');
    const login = await api(server.url)('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email: a.email }, password: 'correct horse battery' },
    });
    expect(login.body.state).toBe('SUCCESS');
    expect(
      (await support.call('POST', `/_admin/v1/members/${a.id}/block`, { siteId: site() })).body.member.status,
    ).toBe('BLOCKED');
    expect(
      (await support.call('POST', `/_admin/v1/members/${a.id}/unblock`, { siteId: site() })).body.member.status,
    ).toBe('ACTIVE');
    expect(
      (await support.call('POST', `/_admin/v1/members/${b.id}/block`, { siteId: site() })).body.member.status,
    ).toBe('BLOCKED');
    expect(
      (await support.call('POST', `/_admin/v1/members/${b.id}/unblock`, { siteId: site() })).body.member.status,
    ).toBe('PENDING');
    expect(
      (await support.call('POST', `/_admin/v1/members/${a.id}/send-password-reset`, { siteId: site() })).status,
    ).toBe(200);
    const mail = await api(server.url)('GET', `/_dev/mail.json?to=${encodeURIComponent(a.email)}`);
    expect(mail.body.messages.some((m: { text: string }) => m.text.includes('/reset-password?token='))).toBe(true);
    expect((await support.call('GET', `/_admin/v1/members/${a.id}?siteId=${site()}`)).body.member.email).toBe(a.email);
    expect((await support.call('GET', `/_admin/v1/members/not-a-uuid?siteId=${site()}`)).status).toBe(404);

    const audit = await support.call(
      'GET',
      `/_admin/v1/auth-events?siteId=${site()}&memberId=${a.id}&type=owner_action`,
    );
    // One clock reading for all four, so their order in the log is not asserted.
    expect(audit.body.events.map((e: { detail: { action: string } }) => e.detail.action).sort()).toEqual([
      'approve',
      'block',
      'send-password-reset',
      'unblock',
    ]);
    expect(audit.body.events[0]).toMatchObject({ detail: { identityType: 'WIX_USER', role: 'support' } });
    // The admin key keeps working for scripts.
    const viaKey = await api(server.url)(
      'GET',
      `/_admin/v1/members?siteId=${site()}&search=${encodeURIComponent(b.email)}`,
      { token: `Bearer ${server.adminKey}` },
    );
    expect(viaKey.body.members[0]).toMatchObject({ id: b.id, status: 'PENDING' });
  });
});

describe('two-factor for owners', () => {
  it('turns on with a first good code; sign-in then asks for a code, refuses a wrong or replayed one', async () => {
    const email = unique('totp');
    const client = await signedIn(server, email, 'owner', 'two factor password');
    const start = await client.call('POST', '/_admin/v1/console/two-factor/start', {});
    expect(start.body.uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = start.body.secret as string;
    expect((await client.call('POST', '/_admin/v1/console/two-factor/confirm', { code: '000000' })).status).toBe(400);
    expect(
      (await client.call('POST', '/_admin/v1/console/two-factor/confirm', { code: codeAt(secret, clock) })).body.owner
        .twoFactor,
    ).toBe(true);
    const stored = await server.ctx.db.query<{ totp_secret: string }>(
      'select totp_secret from owners where email_key = $1',
      [email],
    );
    expect(stored.rows[0]!.totp_secret).toBe(secret); // no VITRINE_KEY_ENCRYPTION_KEY on this server

    clock += 60_000;
    const fresh = consoleClient(server.url);
    expect(
      (await fresh.call('POST', '/_admin/v1/console/sign-in', { email, password: 'two factor password' })).body,
    ).toEqual({ twoFactorRequired: true });
    expect(fresh.cookie).toBeUndefined();
    expect(
      (
        await fresh.call('POST', '/_admin/v1/console/sign-in', {
          email,
          password: 'two factor password',
          code: '123456',
        })
      ).status,
    ).toBe(401);
    const code = codeAt(secret, clock);
    expect(
      (await fresh.call('POST', '/_admin/v1/console/sign-in', { email, password: 'two factor password', code })).status,
    ).toBe(200);
    expect(fresh.cookie).toBeDefined();
    const replay = await consoleClient(server.url).call('POST', '/_admin/v1/console/sign-in', {
      email,
      password: 'two factor password',
      code,
    });
    expect(replay.body.details.applicationError.code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('in production an owner must turn two-factor on before anything else; the secret is sealed at rest', async () => {
    const prod = await startTestServer({
      config: (c) => ({ ...c, production: true, keyEncryptionKey: Buffer.alloc(32, 7) }),
    });
    try {
      const client = await signedIn(prod, unique('prod'), 'owner');
      const session = await client.call('GET', '/_admin/v1/console/session');
      expect(session.body.mustEnrolTwoFactor).toBe(true);
      const refused = await client.call('GET', `/_admin/v1/members?siteId=${prod.siteId}`);
      expect(refused.status).toBe(403);
      expect(refused.body.details.applicationError.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
      const start = await client.call('POST', '/_admin/v1/console/two-factor/start', {});
      const stored = await prod.ctx.db.query<{ totp_secret: string }>('select totp_secret from owners');
      expect(stored.rows[0]!.totp_secret).not.toContain(start.body.secret as string);
      await client.call('POST', '/_admin/v1/console/two-factor/confirm', {
        code: codeAt(start.body.secret as string, Date.now()),
      });
      expect((await client.call('GET', `/_admin/v1/members?siteId=${prod.siteId}`)).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
