import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStartInvite } from '../../test-support/boot.js';
import { listMail } from '../mail/outbox.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { addOwner, consoleClient } from '../../test-support/owners-kit.js';

/** One-time owner links (issue #31): the first start's link, what a link says before use, used and expired links. */
let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const code = (res: { body: { details?: { applicationError?: { code?: string } } } }) =>
  res.body.details?.applicationError?.code;

describe('first start', () => {
  it('makes the first owner and a link while no owner has a password, and nothing after', async () => {
    const { config, db } = server.ctx;
    const first = await firstStartInvite(config, db, 'owner@localhost', clock);
    expect(first).toMatchObject({ email: 'owner@localhost', role: 'owner', created: true });
    // A second start before the link is used: a new link for the same owner; the first stops working.
    const again = await firstStartInvite(config, db, 'someone-else@example.com', clock);
    expect(again).toMatchObject({ email: 'owner@localhost', role: 'owner', created: false });
    const client = consoleClient(server.url);
    expect(code(await client.call('GET', `/_admin/v1/console/setup?token=${tokenOf(first!.setupUrl)}`))).toBe(
      'INVALID_SETUP_LINK',
    );

    const described = await client.call('GET', `/_admin/v1/console/setup?token=${tokenOf(again!.setupUrl)}`);
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ email: 'owner@localhost', role: 'owner', purpose: 'setup' });
    expect(described.body.twoFactorNext).toBe(false);

    // Setting the password signs the owner in here: the session answers at once.
    const set = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(again!.setupUrl),
      password: 'first owner password',
    });
    expect(set.status).toBe(200);
    expect(set.body.csrfToken).toEqual(expect.any(String));
    const session = await client.call('GET', '/_admin/v1/console/session');
    expect(session.status).toBe(200);
    expect(session.body.owner).toMatchObject({ email: 'owner@localhost', role: 'owner', passwordSet: true });

    expect(await firstStartInvite(config, db, 'owner@localhost', clock)).toBeUndefined();
  });
});

describe('a one-time link says what it is', () => {
  it('a used link names the account and points to signing in, not to a command', async () => {
    const email = `used-${Date.now()}@example.com`;
    const { setupUrl } = await addOwner(server, email, 'editor', 'an editor password');
    const res = await consoleClient(server.url).call('GET', `/_admin/v1/console/setup?token=${tokenOf(setupUrl)}`);
    expect(res.status).toBe(410);
    expect(code(res)).toBe('SETUP_LINK_USED');
    expect(res.body.message).toBe(
      `This link was used already: ${email} has a password. Sign in with it, or choose "Forgot your password?" on the sign-in page.`,
    );
  });

  it('an expired link says it expired and how to get a new one; an unknown one is a 400', async () => {
    const email = `late-${Date.now()}@example.com`;
    const invited = await fetch(`${server.url}/_admin/v1/owners`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'support' }),
    });
    const { setupUrl } = (await invited.json()) as { setupUrl: string };
    clock += 25 * 3600 * 1000;
    const client = consoleClient(server.url);
    const res = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(setupUrl),
      password: 'a support password',
    });
    expect(res.status).toBe(410);
    expect(code(res)).toBe('SETUP_LINK_EXPIRED');
    expect(res.body.message).toContain(`This setup link for ${email} expired (it lasts 24 hours)`);
    const unknown = await client.call('GET', `/_admin/v1/console/setup?token=${'b'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(code(unknown)).toBe('INVALID_SETUP_LINK');
  });
});

describe('password reset by mail', () => {
  const resetLinkIn = (text: string) =>
    /(https?:\/\/\S+\/console\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const ask = (email: string) => consoleClient(server.url).call('POST', '/_admin/v1/console/password-reset', { email });

  it('mails a single-use link that sets a new password, ends other sessions, and answers alike for anyone', async () => {
    const email = `forgetful-${Date.now()}@example.com`;
    await addOwner(server, email, 'owner', 'the forgotten password');
    const elsewhere = consoleClient(server.url);
    expect(
      (await elsewhere.call('POST', '/_admin/v1/console/sign-in', { email, password: 'the forgotten password' }))
        .status,
    ).toBe(200);

    const known = await ask(email);
    const unknown = await ask(`nobody-${Date.now()}@example.com`);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    const mails = await listMail(server.ctx.db, { to: email });
    expect(mails.map((m) => m.kind)).toEqual(['owner-password-reset']);
    expect(mails[0]!.subject).toBe('Vitrine console: reset your password');
    const link = resetLinkIn(mails[0]!.text)!;
    expect(link.startsWith(`${server.url}/console/reset-password?token=`)).toBe(true);

    const client = consoleClient(server.url);
    const described = await client.call('GET', `/_admin/v1/console/setup?token=${tokenOf(link)}`);
    expect(described.body).toMatchObject({ email, purpose: 'reset' });
    const set = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(link),
      password: 'a remembered password',
    });
    expect(set.status).toBe(200);
    expect((await client.call('GET', '/_admin/v1/console/session')).status).toBe(200);
    // The other browser's session ended; the old password is gone; the link works once.
    expect((await elsewhere.call('GET', '/_admin/v1/console/session')).status).toBe(401);
    const signIn = (password: string) =>
      consoleClient(server.url).call('POST', '/_admin/v1/console/sign-in', { email, password });
    expect((await signIn('the forgotten password')).status).toBe(401);
    expect((await signIn('a remembered password')).status).toBe(200);
    expect(
      code(
        await client.call('POST', '/_admin/v1/console/setup', {
          token: tokenOf(link),
          password: 'yet another password',
        }),
      ),
    ).toBe('SETUP_LINK_USED');
    expect((await listMail(server.ctx.db, { to: email })).map((m) => m.kind)).toEqual([
      'owner-password-changed',
      'owner-password-reset',
    ]);

    const events = await fetch(
      `${server.url}/_admin/v1/auth-events?siteId=${server.siteId}&type=password_reset&limit=50`,
      {
        headers: { authorization: `Bearer ${server.adminKey}` },
      },
    ).then(
      (r) => r.json() as Promise<{ events: { email: string; outcome: string; detail: Record<string, unknown> }[] }>,
    );
    const mine = events.events.filter((e) => e.email === email);
    // Both events carry the suite's fixed clock, so their order in the log is not the point: both are there.
    expect(mine.map((e) => `${e.outcome} ${String(e.detail.step ?? e.detail.via)}`).sort()).toEqual([
      'success requested',
      'success reset_link',
    ]);
    expect(events.events.find((e) => e.email.startsWith('nobody-'))?.detail.reason).toBe('unknown_owner');
  });

  it('a reset link lasts 30 minutes, and a later request replaces it', async () => {
    const email = `slow-${Date.now()}@example.com`;
    await addOwner(server, email, 'support', 'a support password');
    await ask(email);
    const first = resetLinkIn((await listMail(server.ctx.db, { to: email }))[0]!.text)!;
    clock += 31 * 60_000;
    const late = await consoleClient(server.url).call('GET', `/_admin/v1/console/setup?token=${tokenOf(first)}`);
    expect(code(late)).toBe('SETUP_LINK_EXPIRED');
    expect(late.body.message).toContain(`This password reset link for ${email} expired (it lasts 30 minutes)`);
    await ask(email);
    const second = resetLinkIn((await listMail(server.ctx.db, { to: email }))[0]!.text)!;
    expect(second).not.toBe(first);
    expect(
      (await consoleClient(server.url).call('GET', `/_admin/v1/console/setup?token=${tokenOf(second)}`)).status,
    ).toBe(200);
  });

  it('an owner with an authenticator is not signed in by the mail alone: the code is still asked for', async () => {
    const email = `guarded-${Date.now()}@example.com`;
    await addOwner(server, email, 'owner', 'a guarded password');
    await server.ctx.db.query(
      "update owners set totp_enabled = true, totp_secret = 'JBSWY3DPEHPK3PXP' where email = $1",
      [email],
    );
    await ask(email);
    const link = resetLinkIn((await listMail(server.ctx.db, { to: email }))[0]!.text)!;
    const client = consoleClient(server.url);
    const set = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(link),
      password: 'a new guarded password',
    });
    expect(set.status).toBe(200);
    expect(set.body.signInNext).toBe(true);
    expect(set.headers.getSetCookie()).toEqual([]);
    const signIn = await client.call('POST', '/_admin/v1/console/sign-in', {
      email,
      password: 'a new guarded password',
    });
    expect(signIn.body).toEqual({ twoFactorRequired: true });
  });
});
