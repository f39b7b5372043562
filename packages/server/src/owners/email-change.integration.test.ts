import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStartInvite } from '../../test-support/boot.js';
import { consoleClient, signedIn } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { listMail } from '../mail/outbox.js';

/**
 * An owner's own address (issue #53): the first owner gives theirs on the first start's link; later an owner
 * changes it with the password (and a code), through a link mailed to the new address; the old one is told; the
 * audit log keeps it; a link is single-use and nothing changes before it is opened.
 */
let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 9)}@example.com`;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const linkIn = (text: string) => /https?:\/\/\S+\/console\/confirm-email\?token=\S+/.exec(text)?.[0];
const code = (res: { body: { details?: { applicationError?: { code?: string } } } }) =>
  res.body.details?.applicationError?.code;

async function auditOf(ownerId: string) {
  await server.ctx.authEvents.flush();
  const { rows } = await server.ctx.db.query<{ outcome: string; detail: Record<string, unknown> }>(
    `select outcome, detail from auth_events where detail->>'ownerId' = $1 and site_id = $2 and type = 'owner_action'
     order by created_at, id`,
    [ownerId, server.siteId],
  );
  return rows;
}

describe("the first start's link", () => {
  it('lets the first owner give their own address, and no other link does', async () => {
    const { config, db } = server.ctx;
    const first = (await firstStartInvite(config, db, 'owner@localhost', clock))!;
    const client = consoleClient(server.url);
    const described = await client.call('GET', `/_admin/v1/console/setup?token=${tokenOf(first.setupUrl)}`);
    expect(described.body).toMatchObject({ email: 'owner@localhost', emailChoosable: true });

    const bad = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(first.setupUrl),
      password: 'first owner password',
      email: 'not an address',
    });
    expect(bad.status).toBe(400);
    const mine = unique('founder');
    const set = await client.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(first.setupUrl),
      password: 'first owner password',
      email: mine,
    });
    expect(set.status).toBe(200);
    expect(set.body.owner).toMatchObject({ email: mine, passwordSet: true });
    expect((await client.call('GET', '/_admin/v1/console/session')).body.owner.email).toBe(mine);
    const signIn = await consoleClient(server.url).call('POST', '/_admin/v1/console/sign-in', {
      email: mine,
      password: 'first owner password',
    });
    expect(signIn.status).toBe(200);

    // An invitation names its owner: its link does not let the invitee pick another address.
    const invited = await client.call('POST', '/_admin/v1/owners', { email: unique('invitee'), role: 'editor' });
    const token = tokenOf(invited.body.setupUrl);
    const other = consoleClient(server.url);
    expect((await other.call('GET', `/_admin/v1/console/setup?token=${token}`)).body.emailChoosable).toBe(false);
    const refused = await other.call('POST', '/_admin/v1/console/setup', {
      token,
      password: 'an editor password',
      email: unique('elsewhere'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('email');
  });
});

describe('changing an owner email', () => {
  it('needs the password, mails the new address, changes nothing until the link is opened, tells the old one', async () => {
    const email = unique('mover');
    const client = await signedIn(server, email, 'support');
    const newEmail = unique('moved');

    const wrong = await client.call('POST', '/_admin/v1/console/email-change', { newEmail, password: 'not it' });
    expect(wrong.status).toBe(401);
    expect(await listMail(server.ctx.db, { to: newEmail })).toEqual([]);
    // Without the session's CSRF value nothing happens either.
    const forged = await client.call(
      'POST',
      '/_admin/v1/console/email-change',
      { newEmail, password: 'console password 1' },
      { csrf: null },
    );
    expect(forged.status).toBe(403);

    const asked = await client.call('POST', '/_admin/v1/console/email-change', {
      newEmail,
      password: 'console password 1',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.pendingEmail).toBe(newEmail);
    // Still the old address until the link is opened.
    expect((await client.call('GET', '/_admin/v1/console/session')).body.owner.email).toBe(email);
    const [mail] = await listMail(server.ctx.db, { to: newEmail });
    expect(mail).toMatchObject({ kind: 'owner-email-confirmation' });
    const link = linkIn(mail!.text)!;
    expect(link).toBeDefined();

    const anonymous = consoleClient(server.url);
    const described = await anonymous.call('GET', `/_admin/v1/console/email-change?token=${tokenOf(link)}`);
    expect(described.body).toMatchObject({ email, newEmail });
    // A password link's page does not take it, nor does the email link set a password.
    const asSetup = await anonymous.call('POST', '/_admin/v1/console/setup', {
      token: tokenOf(link),
      password: 'a password from the link',
    });
    expect(code(asSetup)).toBe('INVALID_SETUP_LINK');

    const confirmed = await anonymous.call('POST', '/_admin/v1/console/email-change/confirm', {
      token: tokenOf(link),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.owner.email).toBe(newEmail);
    expect((await client.call('GET', '/_admin/v1/console/session')).body.owner.email).toBe(newEmail);
    const again = await anonymous.call('POST', '/_admin/v1/console/email-change/confirm', { token: tokenOf(link) });
    expect(code(again)).toBe('SETUP_LINK_USED');

    const told = await listMail(server.ctx.db, { to: email });
    expect(told.map((m) => m.kind)).toContain('owner-email-changed');
    expect(told.find((m) => m.kind === 'owner-email-changed')!.text).toContain(newEmail);
    const oldSignIn = await consoleClient(server.url).call('POST', '/_admin/v1/console/sign-in', {
      email,
      password: 'console password 1',
    });
    expect(oldSignIn.status).toBe(401);

    const ownerId = confirmed.body.owner.id as string;
    const audit = await auditOf(ownerId);
    // The test's clock stands still, so the entries share a time: compared as a set.
    expect(audit.map((a) => [a.outcome, a.detail.action, a.detail.reason ?? a.detail.step]).sort()).toEqual([
      ['refused', 'change_email', 'bad_password'],
      ['success', 'change_email', 'confirmed'],
      ['success', 'change_email', 'requested'],
    ]);
    expect(audit.find((a) => a.detail.step === 'confirmed')!.detail).toMatchObject({ from: email, to: newEmail });
  });

  it("refuses another owner's address, the same address, and an expired link", async () => {
    const taken = unique('taken');
    await signedIn(server, taken, 'editor');
    const email = unique('chooser');
    const client = await signedIn(server, email, 'owner');
    const password = 'console password 1';
    const clash = await client.call('POST', '/_admin/v1/console/email-change', { newEmail: taken, password });
    expect(code(clash)).toBe('OWNER_EMAIL_TAKEN');
    const same = await client.call('POST', '/_admin/v1/console/email-change', {
      newEmail: email.toUpperCase(),
      password,
    });
    expect(same.status).toBe(400);

    const newEmail = unique('late');
    await client.call('POST', '/_admin/v1/console/email-change', { newEmail, password });
    const link = linkIn((await listMail(server.ctx.db, { to: newEmail }))[0]!.text)!;
    clock += 25 * 3600 * 1000;
    try {
      const late = await consoleClient(server.url).call('POST', '/_admin/v1/console/email-change/confirm', {
        token: tokenOf(link),
      });
      expect(code(late)).toBe('SETUP_LINK_EXPIRED');
    } finally {
      clock -= 25 * 3600 * 1000;
    }
  });

  it('asks an owner with two-factor for a code too', async () => {
    const email = unique('guarded');
    const client = await signedIn(server, email, 'owner');
    const start = await client.call('POST', '/_admin/v1/console/two-factor/start');
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(start.body.secret) });
    await client.call('POST', '/_admin/v1/console/two-factor/confirm', { code: totp.generate({ timestamp: clock }) });
    const newEmail = unique('guarded-new');
    const noCode = await client.call('POST', '/_admin/v1/console/email-change', {
      newEmail,
      password: 'console password 1',
    });
    expect(code(noCode)).toBe('INVALID_TWO_FACTOR_CODE');
    const withCode = await client.call('POST', '/_admin/v1/console/email-change', {
      newEmail,
      password: 'console password 1',
      code: totp.generate({ timestamp: clock + 30_000 }),
    });
    expect(withCode.status).toBe(200);
  });
});
