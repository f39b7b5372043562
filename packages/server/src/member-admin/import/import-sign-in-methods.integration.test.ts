/**
 * What a member import may add to members' ways of signing in (audit V5-3), and the work caps of the hashes
 * it keeps (audit V5-8), through the real route: a support person, an owner or a site API key cannot give an
 * existing member a provider link (or a first password) and then sign in as them; the operator can, and the
 * member is mailed; every added link is a `provider_linked` event; hashes over the caps are refused by row.
 */
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type ConsoleClient } from '../../../test-support/owners-kit.js';
import { account, IDP, idTokenFrom, startSso, type SsoKit } from '../../../test-support/sso-kit.js';

const SITE_KEY = 'site-key-for-import-tests-0123456789abcdef';
let sso: SsoKit;
let support: ConsoleClient;
let owner: ConsoleClient;
beforeAll(async () => {
  sso = await startSso({ site: (site) => ({ ...site, apiKeys: [{ name: 'backend', key: SITE_KEY }] }) });
  const { server } = sso.kit;
  support = await signedIn(server, `support-${Date.now()}@shop.test`, 'support', 'console password 1', [server.siteId]);
  owner = await signedIn(server, `owner-${Date.now()}@shop.test`, 'owner', 'console password 1', [server.siteId]);
});
afterAll(() => sso?.close());

const server = () => sso.kit.server;
const tag = () => Math.random().toString(36).slice(2, 10);

/** A verified member who registered with a password: the audit's victim. */
async function victim() {
  const email = `victim-${tag()}@shop.test`;
  const res = await sso.kit.post(
    '/_api/iam/authentication/v2/register',
    { loginId: { email }, password: 'correct horse battery' },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  const id = ((await res.json()) as { identity: { id: string } }).identity.id;
  await server().ctx.db.query('update members set email_verified = true where id = $1', [id]);
  return { email, id };
}

type Caller = { client: ConsoleClient } | { key: string };
async function importCsv(caller: Caller, content: string, dryRun = false) {
  const body = { siteId: server().siteId, format: 'csv', content, dryRun };
  if ('client' in caller) return caller.client.call('POST', '/_admin/v1/members/import', body);
  const res = await fetch(`${server().url}/_admin/v1/members/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${caller.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The attacker's own provider account: its ID token carries only its `sub` (oidc-provider's defaults). */
const attacker = () => account(sso.provider, { email: `attacker-${tag()}@evil.test`, email_verified: false });

async function tokenSignIn(accountId: string) {
  const res = await sso.kit.post(
    '/_api/iam/authentication/v1/sso/login-with-token-params',
    { idpConnectionId: IDP.id, tokenParams: { idToken: await idTokenFrom(sso, accountId) } },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  return { status: res.status, body: (await res.json()) as { state?: string; identity?: { id: string } } };
}

async function passwordSignIn(email: string, password = 'correct horse battery') {
  const res = await sso.kit.post(
    '/_api/iam/authentication/v2/login',
    { loginId: { email }, password },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  return (await res.json()) as { state?: string; identity?: { id: string } };
}

const linkMails = async (email: string) =>
  (
    (await (await fetch(`${server().url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { subject: string }[];
    }
  ).messages.filter((m) => m.subject.includes('was linked to your account'));

const linkEvents = (memberId: string) =>
  server().ctx.authEvents.list(server().siteId, { memberId, type: 'provider_linked' });

describe('import cannot attach a sign-in method to an existing member (audit V5-3)', () => {
  it("the audit's reproduction: support imports the victim with its own provider link, then cannot sign in as them", async () => {
    const v = await victim();
    const sub = attacker();
    const res = await importCsv(
      { client: support },
      `email,provider_links\n${v.email},${sso.provider.issuer} ${sub}\n`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 0, updated: 0, linked: 0 });
    expect(res.body.refused).toEqual([
      {
        row: 1,
        email: v.email,
        reason: 'provider_links: the support role may not import sign-in methods (an owner or the admin key may)',
      },
    ]);
    const signIn = await tokenSignIn(sub);
    expect(signIn.body.identity?.id).not.toBe(v.id);
    expect(signIn.status).not.toBe(200);
    // The member's own sign-in is untouched, and nothing was linked to them.
    expect((await passwordSignIn(v.email)).identity?.id).toBe(v.id);
    const links = await server().ctx.db.query('select 1 from sso_identities where member_id = $1', [v.id]);
    expect(links.rows).toEqual([]);
  });

  it('support brings no password hash either, even for a new member', async () => {
    const email = `new-${tag()}@shop.test`;
    const hash = await bcrypt.hash('a known password 1', 4);
    const res = await importCsv({ client: support }, `email,password_hash\n${email},${hash}\n`);
    expect(res.body.refused).toEqual([
      {
        row: 1,
        email,
        reason: 'password_hash: the support role may not import sign-in methods (an owner or the admin key may)',
      },
    ]);
    expect(res.body.created).toBe(0);
  });

  it.each([
    ['an owner', () => ({ client: owner })],
    ['a site API key', () => ({ key: SITE_KEY })],
  ])(
    '%s: the existing member’s row is refused by number, a new member’s link is added and recorded',
    async (_who, caller) => {
      const v = await victim();
      const sub = attacker();
      const fresh = `fresh-${tag()}@shop.test`;
      const freshSub = `fresh-sub-${tag()}`;
      const content = `email,provider_links\n${fresh},https://accounts.google.com ${freshSub}\n${v.email},${sso.provider.issuer} ${sub}\n`;
      const dry = await importCsv(caller(), content, true);
      expect(dry.body).toMatchObject({ created: 1, updated: 0, refused: [{ row: 2, email: v.email }] });
      const res = await importCsv(caller(), content);
      expect(res.body).toMatchObject({ created: 1, updated: 0, linked: 1 });
      expect(res.body.refused).toEqual([
        {
          row: 2,
          email: v.email,
          reason:
            'provider_links would add a sign-in method to an existing member: only the admin key may (the member is then mailed)',
        },
      ]);
      expect((await tokenSignIn(sub)).body.identity?.id).not.toBe(v.id);
      expect((await passwordSignIn(v.email)).identity?.id).toBe(v.id);
      const { rows } = await server().ctx.db.query<{ id: string }>('select id from members where email = $1', [fresh]);
      const [event] = await linkEvents(rows[0]!.id);
      expect(event).toMatchObject({ outcome: 'success', email: fresh });
      expect(event!.detail).toMatchObject({ issuer: 'https://accounts.google.com', existingMember: false });
      expect(await linkMails(fresh)).toEqual([]);
    },
  );

  it('an owner cannot give an existing member without a password one', async () => {
    const email = `sso-only-${tag()}@shop.test`;
    await importCsv({ key: server().adminKey }, `email,email_verified\n${email},true\n`);
    const hash = await bcrypt.hash('a known password 1', 4);
    const res = await importCsv({ client: owner }, `email,password_hash\n${email},${hash}\n`);
    expect(res.body.refused).toEqual([
      {
        row: 1,
        email,
        reason: 'password_hash would give an existing member without a password one: only the admin key may',
      },
    ]);
    expect((await passwordSignIn(email, 'a known password 1')).state).not.toBe('SUCCESS');
  });

  it('the admin key may link an existing member: they are mailed (S-7) and the event is recorded; a re-run by an owner adds nothing and passes', async () => {
    const v = await victim();
    const sub = attacker();
    const content = `email,provider_links\n${v.email},${sso.provider.issuer} ${sub}\n`;
    const res = await importCsv({ key: server().adminKey }, content);
    expect(res.body).toMatchObject({ updated: 1, linked: 1, refused: [] });
    expect(await linkMails(v.email)).toHaveLength(1);
    const [event] = await linkEvents(v.id);
    expect(event!.detail).toMatchObject({ issuer: sso.provider.issuer, existingMember: true, via: 'import:csv' });
    expect((await tokenSignIn(sub)).body.identity?.id).toBe(v.id);

    const again = await importCsv({ client: owner }, content);
    expect(again.body).toMatchObject({ updated: 1, linked: 0, refused: [] });
    expect(await linkMails(v.email)).toHaveLength(1);
  });
});

describe('imported hashes over the work caps are refused by row (audit V5-8)', () => {
  it("the audit's five hashes: each row refused with its number and the cap; the good row is imported", async () => {
    const salt = Buffer.from('sixteen byte salt').toString('base64');
    const t = tag();
    const rows = [
      [`bc16-${t}@shop.test`, '$2b$16$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234'],
      [`bc31-${t}@shop.test`, '$2b$31$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234'],
      [`scp-${t}@shop.test`, `"$scrypt$ln=14,r=8,p=64$${salt}$${Buffer.alloc(32, 7).toString('base64')}"`],
      [`pbk-${t}@shop.test`, `$pbkdf2-sha256$i=2000000$${salt}$${Buffer.alloc(256, 7).toString('base64')}`],
      [
        `ar2-${t}@shop.test`,
        '"$argon2id$v=19$m=2097152,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG"',
      ],
      [`ok-${t}@shop.test`, await bcrypt.hash('a known password 1', 4)],
    ];
    const content = `email,email_verified,password_hash\n${rows.map(([e, h]) => `${e},true,${h}`).join('\n')}\n`;
    const res = await importCsv({ key: server().adminKey }, content);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, withoutPassword: 0 });
    expect(res.body.refused.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [1, 'password_hash: bcrypt cost 16 is above the cap of 14'],
      [2, 'password_hash: bcrypt cost 31 is above the cap of 14'],
      [3, 'password_hash: scrypt p=64 is above the cap of 16'],
      [4, 'password_hash: PBKDF2 output of 256 bytes is above the cap of 64'],
      [5, 'password_hash: argon2 m=2097152 KiB is above the cap of 262144 KiB (256 MiB)'],
    ]);
    expect((await passwordSignIn(rows[5]![0]!, 'a known password 1')).state).toBe('SUCCESS');
  });
});
