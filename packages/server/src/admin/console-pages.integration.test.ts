import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOne } from '../data/index.js';
import { sweepExpired } from '../identity/index.js';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { signedIn, type ConsoleClient } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startTestSmtp, waitFor } from '../../test-support/smtp.js';
import { callers, scopeFor } from '../../test-support/data.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';

/**
 * The admin API behind the console's Overview, Mail, Settings and member pages, on a real server with
 * a real SMTP server and a real webhook receiver; the clock is the app's, moved by the test.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let receiver: Receiver;
let owner: ConsoleClient;
let support: ConsoleClient;
let clock = Date.now();
const call = () => api(server.url);
const PASSWORD = 'a long member password';

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startReceiver();
  server = await startTestServer({
    now: () => clock,
    config: (c) => ({ ...c, smtpUrl: smtp.url, webhooks: { allowPrivateNetworks: true, pollMs: 100 } }),
    site: (s) => ({
      ...s,
      identityProviders: [
        {
          id: 'acme',
          type: 'oidc',
          name: 'Acme ID',
          issuer: 'https://id.acme.test',
          clientId: 'vitrine',
          clientSecret: 'top secret value',
          scopes: ['openid', 'email'],
          linkByVerifiedEmail: true,
          responseMode: 'query',
        },
      ],
    }),
  });
  owner = await signedIn(server, 'pages-owner@example.com', 'owner');
  support = await signedIn(server, 'pages-support@example.com', 'support');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await receiver?.close();
});

async function register(email: string) {
  const visitor = await visitorToken(server.url, server.clientId);
  const res = await call()('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: PASSWORD },
  });
  if (!res.body?.identity) throw new Error(`register answered ${res.status}: ${res.text}`);
  return { visitor, body: res.body as { state: string; stateToken: string; identity: { id: string } } };
}

const site = () => `siteId=${server.siteId}`;

describe('console pages: admin API', () => {
  it('Overview counts members by status, sign-ups and sign-ins per day, failed sign-ins and mail', async () => {
    const email = `overview-${Date.now()}@example.com`;
    await register(email);
    const visitor = await visitorToken(server.url, server.clientId);
    await call()('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: 'not the password' },
    });
    const res = await owner.call('GET', `/_admin/v1/overview?${site()}`);
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    const today = res.body.days.at(-1);
    expect(today.day).toBe(new Date(clock).toISOString().slice(0, 10));
    expect(today.signUps).toBeGreaterThanOrEqual(1);
    expect(today.failedSignIns).toBeGreaterThanOrEqual(1);
    expect(res.body.failedSignIns.last24Hours).toBeGreaterThanOrEqual(1);
    expect(res.body.membersByStatus.PENDING + res.body.membersByStatus.ACTIVE).toBeGreaterThanOrEqual(1);
    expect(res.body.mail).toEqual({
      waiting: expect.any(Number),
      failing: expect.any(Number),
      failed: expect.any(Number),
    });
  });

  it('Mail lists the outbox without bodies and Retry sends a failed message through SMTP', async () => {
    const email = `mail-${Date.now()}@example.com`;
    await register(email);
    await waitFor(() => smtp.received.find((m) => m.to.includes(email)));
    // The SMTP server has the message a moment before the delivery loop records it as sent.
    const listed = await waitFor(async () => {
      const res = await support.call('GET', `/_admin/v1/mail?${site()}`);
      const mine = res.body.messages.find((m: { to: string }) => m.to === email);
      return mine?.state === 'sent' ? res : undefined;
    });
    const sent = listed.body.messages.find((m: { to: string }) => m.to === email);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, subject: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toMatch(/\b\d{6}\b.*code|text_body|html/);
    // The delivery loop gave up on this one (as after eight refused attempts).
    await server.ctx.db.query(
      `update mail_outbox set sent_at = null, failed_at = now(), attempts = 8, last_error = '550 mailbox unavailable' where id = $1`,
      [sent.id],
    );
    const failed = (await support.call('GET', `/_admin/v1/mail?${site()}&state=failed`)).body.messages;
    expect(failed.find((m: { id: string }) => m.id === sent.id)).toMatchObject({
      state: 'failed',
      lastError: '550 mailbox unavailable',
      attempts: 8,
    });
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    const retried = await support.call('POST', `/_admin/v1/mail/${sent.id}/retry`, { siteId: server.siteId });
    expect(retried.status).toBe(200);
    expect(retried.body.message.state).toBe('waiting');
    await waitFor(() => smtp.received.filter((m) => m.to.includes(email)).length > before);
    expect(
      (await support.call('POST', `/_admin/v1/mail/${sent.id}/retry`, { siteId: server.siteId })).body.details
        .applicationError.code,
    ).toBe('MAIL_NOT_FAILED');
    expect((await support.call('GET', `/_admin/v1/mail?${site()}&state=lost`)).status).toBe(400);
  });

  it('Settings shows the site as configured, with key names and the SSO redirect URI, and no secret', async () => {
    const res = await support.call('GET', `/_admin/v1/settings?${site()}`);
    expect(res.status).toBe(200);
    expect(res.body.policies).toMatchObject({ key: 'sites[0].policies', emailVerification: 'required' });
    expect(res.body.clients[0]).toMatchObject({
      key: 'sites[0].clients[0]',
      clientId: server.clientId,
      refreshTokenRotation: expect.any(Boolean),
    });
    expect(res.body.identityProviders[0]).toMatchObject({
      id: 'acme',
      clientSecretSet: true,
      redirectUri: `${server.url}/_api/iam/authentication/v1/sso/callback`,
    });
    expect(res.body.collections.map((c: { id: string }) => c.id)).toContain('Products');
    expect(JSON.stringify(res.body)).not.toContain('top secret value');
    for (const k of server.ctx.sites.get(server.siteId)!.apiKeys) expect(JSON.stringify(res.body)).not.toContain(k.key);
  });

  it('a member who never signed in: password as the only method, no sessions; Resend verification mails a new code', async () => {
    const email = `details-${Date.now()}@example.com`;
    const { body } = await register(email);
    expect(body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const id = body.identity.id;
    const first = await waitFor(() => smtp.received.find((m) => m.to.includes(email)));
    clock += 61_000;
    const resent = await support.call('POST', `/_admin/v1/members/${id}/resend-verification`, {
      siteId: server.siteId,
    });
    expect(resent.status).toBe(200);
    const second = await waitFor(() => smtp.received.filter((m) => m.to.includes(email))[1]);
    expect(second.raw).not.toBe(first.raw);
    // Once a minute, like the member's own "send again".
    expect(
      (await support.call('POST', `/_admin/v1/members/${id}/resend-verification`, { siteId: server.siteId })).status,
    ).toBe(429);
    const detail = await support.call('GET', `/_admin/v1/members/${id}?${site()}`);
    expect(detail.body.signInMethods).toEqual({
      password: true,
      sso: [],
      factors: [],
      secondFactorLock: { locked: false, failuresInARow: 0 },
    });
    expect(detail.body.member.lastSignInDate).toBeUndefined();
    expect(detail.body.sessions).toEqual([]);
  });

  it('a signed-in member shows their last sign-in and the session with the address it came from', async () => {
    const email = `signed-in-${Date.now()}@example.com`;
    const { body } = await register(email);
    const id = body.identity.id;
    await server.ctx.db.query(
      "update members set status = 'ACTIVE', approved = true, email_verified = true where id = $1",
      [id],
    );
    const visitor = await visitorToken(server.url, server.clientId);
    const login = await call()('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(login.body.state).toBe('SUCCESS');
    await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: id }),
    );
    const detail = await support.call('GET', `/_admin/v1/members/${id}?${site()}`);
    expect(new Date(detail.body.member.lastSignInDate).getTime()).toBe(clock);
    expect(detail.body.sessions).toEqual([expect.objectContaining({ clientId: server.clientId, ip: '127.0.0.1' })]);
  });

  it('Delete member removes personal data and sessions, keeps their items owned by nobody, and delivers member.deleted', async () => {
    const created = await owner.call('POST', '/_admin/v1/webhooks', {
      siteId: server.siteId,
      url: receiver.url,
      events: ['member.deleted'],
    });
    expect(created.status).toBe(201);
    const email = `delete-${Date.now()}@example.com`;
    const { body } = await register(email);
    const id = body.identity.id;
    const siteConfig = server.ctx.sites.get(server.siteId)!;
    const cart = siteConfig.collections.find((c) => c.id === 'Cart')!;
    const item = await server.ctx.db.transaction((tx) =>
      insertOne(
        tx,
        scopeFor(server.ctx.db, siteConfig, callers.member(id, server.siteId), () => clock),
        cart,
        { id: undefined, data: { product: 'p1' } },
      ),
    );
    expect(item._owner).toBe(id);

    expect((await support.call('DELETE', `/_admin/v1/members/${id}?${site()}`)).status).toBe(200);
    expect((await support.call('GET', `/_admin/v1/members/${id}?${site()}`)).status).toBe(404);
    const left = await server.ctx.db.query<{ n: number }>(
      `select (select count(*) from members where id = $1)::int + (select count(*) from sessions where member_id = $2)::int
            + (select count(*) from verifications where member_id = $1)::int + (select count(*) from mail_outbox where lower(to_address) = lower($3))::int as n`,
      [id, id, email],
    );
    expect(left.rows[0]!.n).toBe(0);
    const kept = await server.ctx.db.query<{ owner_id: string | null; data: Record<string, unknown> | string }>(
      'select owner_id, data from data_items where id = $1',
      [item._id],
    );
    expect(kept.rows[0]!.owner_id).toBeNull();
    const data = typeof kept.rows[0]!.data === 'string' ? JSON.parse(kept.rows[0]!.data) : kept.rows[0]!.data;
    expect(data._owner).toBeUndefined();

    const [hit] = await receiver.waitFor((all) => all.some((r) => r.json.type === 'member.deleted'));
    expect(new Webhook(created.body.secret).verify(hit!.body, hit!.headers)).toEqual(hit!.json);
    expect(hit!.json.data).toMatchObject({ id });
    expect(hit!.body).not.toContain(email);
    expect(hit!.json.identity).toMatchObject({ identityType: 'WIX_USER' });
    const audit = await owner.call('GET', `/_admin/v1/auth-events?${site()}&type=owner_action`);
    const actions = audit.body.events.map((e: { detail: { action: string } }) => e.detail.action);
    expect(actions).toEqual(expect.arrayContaining(['create_webhook', 'delete_member']));
  });

  it('roles: support may not manage webhooks; every role reads settings', async () => {
    expect((await support.call('GET', `/_admin/v1/webhooks?${site()}`)).status).toBe(403);
    expect((await owner.call('GET', `/_admin/v1/webhooks?${site()}`)).status).toBe(200);
    const editor = await signedIn(server, 'pages-editor@example.com', 'editor');
    expect((await editor.call('GET', `/_admin/v1/settings?${site()}`)).status).toBe(200);
    expect((await editor.call('GET', `/_admin/v1/mail?${site()}`)).status).toBe(403);
  });
});

describe('members search at scale', () => {
  it('the search is served by the trigram index at scale (EXPLAIN of the real query, no timing)', async () => {
    // 30 000 members of one site, made in one statement, then the planner's statistics.
    await server.ctx.db.query(
      `insert into members (site_id, id, email, email_key, status, profile, created_at, updated_at)
       select 'scale', gen_random_uuid(), 'member-' || g || '@example.com', 'member-' || g || '@example.com', 'ACTIVE',
              jsonb_build_object('firstName', 'First' || g, 'lastName', 'Last' || g), now(), now()
       from generate_series(1, 30000) g`,
    );
    await server.ctx.db.query('analyze members');
    const { parseMemberQuery, SEARCH_TEXT } = await import('../members/index.js');
    const query = parseMemberQuery({ search: 'member-12345@', sort: 'createdDate' });
    const { rows } = await server.ctx.db.query<Record<string, string>>(
      `explain select id from members where site_id = $1 and ${SEARCH_TEXT} like $2`,
      ['scale', `%${query.search}%`],
    );
    expect(rows.map((r) => Object.values(r)[0]).join('\n')).toContain('members_search_trgm');
  }, 60_000);

  it('finds members by a part of the email or of "first last"', async () => {
    const email = `Search.Target-${Date.now()}@example.com`;
    const { body } = await register(email);
    await server.ctx.db.query(
      `update members set profile = '{"firstName":"Ann","lastName":"Smithers"}' where id = $1`,
      [body.identity.id],
    );
    for (const q of ['search.target', 'ann smith', 'SMITHERS']) {
      const res = await support.call('GET', `/_admin/v1/members?${site()}&search=${encodeURIComponent(q)}`);
      expect(res.body.members.map((m: { id: string }) => m.id)).toContain(body.identity.id);
    }
  });
});

describe('audit log retention', () => {
  it('is append-only: the database refuses to change, delete or truncate entries outside the prune', async () => {
    await server.ctx.authEvents.flush();
    await expect(
      server.ctx.db.query(`update auth_events set outcome = 'success' where site_id = $1`, [server.siteId]),
    ).rejects.toThrow(/append-only/);
    await expect(server.ctx.db.query('delete from auth_events where site_id = $1', [server.siteId])).rejects.toThrow(
      /append-only/,
    );
    await expect(server.ctx.db.query('truncate auth_events')).rejects.toThrow(/append-only/);
  });

  it('keeps 180 days: the sweep on the app clock removes older entries only', async () => {
    await server.ctx.authEvents.flush();
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth_events');
    expect(rows[0]!.n).toBeGreaterThan(0);
    await sweepExpired(server.ctx.db, clock + 179 * 86_400_000);
    expect((await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth_events')).rows[0]!.n).toBe(
      rows[0]!.n,
    );
    await sweepExpired(server.ctx.db, clock + 181 * 86_400_000);
    expect((await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth_events')).rows[0]!.n).toBe(0);
  });
});
