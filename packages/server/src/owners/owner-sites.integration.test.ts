/**
 * S-14 (issue #26): owners are scoped to the sites they run, and an invitation never replaces an existing
 * owner's password. One server with two shops (`demo` and `other`) and an owner of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwner, consoleClient, signedIn, type ConsoleClient } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { sha256 } from '../security/index.js';

let server: TestServer;
let demoOwner: ConsoleClient;
let otherOwner: ConsoleClient;
const PASSWORD = 'console password 1';

const asAdmin = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const code = (res: { body: any }) => res.body?.details?.applicationError?.code as string | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
const signIn = (email: string, password: string) =>
  consoleClient(server.url).call('POST', '/_admin/v1/console/sign-in', { email, password });

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => {
      const demo = c.sites[0]!;
      const other = {
        ...demo,
        id: 'other',
        name: 'Other shop',
        apiKeys: [],
        clients: [{ ...demo.clients[0]!, clientId: 'other-client' }],
      };
      return { ...c, sites: [...c.sites, other] };
    },
  });
  demoOwner = await signedIn(server, 'demo-owner@example.com', 'owner', PASSWORD, [server.siteId]);
  otherOwner = await signedIn(server, 'other-owner@example.com', 'owner', PASSWORD, ['other']);
}, 60_000);
afterAll(() => server?.close());

describe('owners per site', () => {
  it('an owner sees only their own site: session, members, audit log, settings, owners', async () => {
    const session = await demoOwner.call('GET', '/_admin/v1/console/session');
    expect(session.body.sites).toEqual([{ id: server.siteId, name: expect.any(String) }]);
    expect(session.body.owner.sites).toEqual([server.siteId]);
    expect((await otherOwner.call('GET', '/_admin/v1/console/session')).body.sites).toEqual([
      { id: 'other', name: 'Other shop' },
    ]);

    for (const path of ['members', 'auth-events', 'settings', 'overview', 'mail', 'api-keys', 'webhooks']) {
      const own = await demoOwner.call('GET', `/_admin/v1/${path}?siteId=${server.siteId}`);
      expect(own.status, path).toBe(200);
      const foreign = await demoOwner.call('GET', `/_admin/v1/${path}?siteId=other`);
      expect(foreign.status, path).toBe(404);
      expect(code(foreign), path).toBe('UNKNOWN_SITE');
      // The other way round as well.
      expect((await otherOwner.call('GET', `/_admin/v1/${path}?siteId=${server.siteId}`)).status, path).toBe(404);
    }
    // A change on the other shop: refused the same way, and nothing happens there.
    const block = await demoOwner.call('POST', '/_admin/v1/members/block', { siteId: 'other', email: 'a@b.co' });
    expect(block.status).toBe(404);

    const owners = await demoOwner.call('GET', '/_admin/v1/owners');
    expect(owners.body.owners.map((o: { email: string }) => o.email)).toEqual(['demo-owner@example.com']);
    // The server's admin key sees both.
    expect((await asAdmin('GET', '/_admin/v1/owners')).body.owners).toHaveLength(2);
  });

  it("another shop's audit log never names an owner", async () => {
    const other = await asAdmin('GET', '/_admin/v1/auth-events?siteId=other&limit=100');
    expect(other.status).toBe(200);
    const emails = (other.body.events as { email?: string }[]).map((e) => e.email);
    expect(emails).toContain('other-owner@example.com');
    expect(emails).not.toContain('demo-owner@example.com');
  });

  it('an owner invites only to the sites they run', async () => {
    const refused = await demoOwner.call('POST', '/_admin/v1/owners', { email: 'x@example.com', siteIds: ['other'] });
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('OWNER_SITE_REFUSED');
    expect(code(await demoOwner.call('POST', '/_admin/v1/owners', { email: 'x@example.com', siteIds: ['*'] }))).toBe(
      'OWNER_SITE_REFUSED',
    );
    const unknown = await asAdmin('POST', '/_admin/v1/owners', { email: 'x@example.com', siteIds: ['nope'] });
    expect(unknown.status).toBe(400);
    // By default the invitee runs the inviter's sites.
    const ok = await demoOwner.call('POST', '/_admin/v1/owners', { email: 'editor@example.com', role: 'editor' });
    expect(ok.status).toBe(200);
    expect(ok.body.owner.sites).toEqual([server.siteId]);
    // A pending owner of another shop is not the demo owner's to re-invite (the link would be theirs).
    const pending = await asAdmin('POST', '/_admin/v1/owners', {
      email: 'pending-other@example.com',
      siteIds: ['other'],
    });
    expect(pending.status).toBe(200);
    const taken = await demoOwner.call('POST', '/_admin/v1/owners', { email: 'pending-other@example.com' });
    expect(taken.status).toBe(409);
    expect(code(taken)).toBe('OWNER_EXISTS');
  });
});

describe('re-inviting an owner', () => {
  it('never replaces a password, a role or the sites of an owner who has one', async () => {
    const email = 'has-password@example.com';
    await addOwner(server, email, 'support', 'the old password', [server.siteId]);

    for (const reinvite of [
      () => asAdmin('POST', '/_admin/v1/owners', { email, role: 'owner', siteIds: ['*'] }),
      () => demoOwner.call('POST', '/_admin/v1/owners', { email, role: 'owner' }),
    ]) {
      const res = await reinvite();
      expect(res.status).toBe(409);
      expect(code(res)).toBe('OWNER_EXISTS');
      expect(res.body.setupUrl).toBeUndefined();
    }
    const after = await signIn(email, 'the old password');
    expect(after.status).toBe(200);
    expect(after.body.owner).toMatchObject({ role: 'support', sites: [server.siteId] });
  });

  it('a setup link cannot set a password for an owner who has one (a link issued before this rule)', async () => {
    const email = 'old-link@example.com';
    await addOwner(server, email, 'owner', 'the old password', [server.siteId]);
    const owner = (await server.ctx.db.query<{ id: string }>('select id from owners where email = $1', [email]))
      .rows[0]!;
    // As the earlier code left it: a live link for an owner with a password.
    const token = 'a'.repeat(43);
    await server.ctx.db.query(
      'insert into owner_setup_tokens (token_hash, owner_id, created_at, expires_at) values ($1, $2, $3, $4)',
      [sha256(token), owner.id, new Date(), new Date(Date.now() + 3_600_000)],
    );
    const setup = await consoleClient(server.url).call('POST', '/_admin/v1/console/setup', {
      token,
      password: 'a new password 2',
    });
    expect(setup.status).toBe(410);
    expect(code(setup)).toBe('SETUP_LINK_USED');
    expect((await signIn(email, 'the old password')).status).toBe(200);
    expect((await signIn(email, 'a new password 2')).status).toBe(401);
  });

  it('gives a pending owner a new link and ends the earlier one', async () => {
    const email = 'pending@example.com';
    const first = await asAdmin('POST', '/_admin/v1/owners', { email, siteIds: [server.siteId] });
    const second = await asAdmin('POST', '/_admin/v1/owners', { email, role: 'editor' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ created: false, owner: { role: 'editor', sites: [server.siteId] } });
    const tokenOf = (url: string) => new URL(url).searchParams.get('token');
    const setup = (url: string) =>
      consoleClient(server.url).call('POST', '/_admin/v1/console/setup', {
        token: tokenOf(url),
        password: 'pending password 1',
      });
    expect((await setup(first.body.setupUrl)).status).toBe(400);
    expect((await setup(second.body.setupUrl)).status).toBe(200);
    expect((await asAdmin('POST', '/_admin/v1/owners', { email })).status).toBe(409);
  });
});
