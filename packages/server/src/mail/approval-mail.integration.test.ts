/**
 * An approved member is told (review t5): approving a member waiting for approval mails them, through the
 * outbox and a real SMTP relay, in their language (French here: the profile's `language`); a second approval,
 * or approving a member who never waited, mails nothing more; the mail's sign-in promise is kept (the member
 * signs in after it, not before).
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedIn,
  startTestServer,
  startTestSmtp,
  waitFor,
  type ConsoleClient,
  type TestServer,
} from '../../test-support/index.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let owner: ConsoleClient;
let visitor: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    config: (c) => ({ ...c, smtpUrl: smtp.url }),
    site: (s) => ({
      ...s,
      name: 'Approval Shop',
      languages: ['en', 'fr'],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'manual', captcha: 'off' },
    }),
  });
  owner = await signedIn(server, 'approver@example.com', 'owner');
  const res = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
  });
  visitor = ((await res.json()) as { access_token: string }).access_token;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const PASSWORD = 'approval password 9';
let n = 0;

async function register(profile: Record<string, unknown> = {}) {
  const email = `waiting-${Date.now()}-${n++}@example.com`;
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor },
    body: JSON.stringify({ loginId: { email }, password: PASSWORD, profile }),
  });
  const body = (await res.json()) as { state: string; identity: { id: string } };
  expect(body.state).toBe('REQUIRE_OWNER_APPROVAL');
  return { email, id: body.identity.id };
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor },
    body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
  });
  return ((await res.json()) as { state: string }).state;
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const parsed = async (email: string): Promise<ParsedMail> => simpleParser((await waitFor(() => mailsTo(email)[0])).raw);

describe('mail to an approved member', () => {
  it('is sent once on approval, in the member’s language, and the member can then sign in', async () => {
    const member = await register({ language: 'fr' });
    expect(await login(member.email)).toBe('REQUIRE_OWNER_APPROVAL');
    expect(mailsTo(member.email)).toEqual([]);

    const approved = await owner.call('POST', `/_admin/v1/members/${member.id}/approve`, { siteId: server.siteId });
    expect(approved.status).toBe(200);
    const mail = await parsed(member.email);
    expect(mail.subject).toBe('Approval Shop : votre compte est approuvé');
    expect(mail.headers.get('content-language')).toBe('fr');
    expect(mail.text).toContain('Un propriétaire de Approval Shop a approuvé votre compte.');
    expect(String(mail.html)).toContain('<html lang="fr" dir="ltr">');
    expect(await login(member.email)).toBe('SUCCESS');

    // Approving again tells them nothing new.
    expect(
      (await owner.call('POST', `/_admin/v1/members/${member.id}/approve`, { siteId: server.siteId })).status,
    ).toBe(200);
    // The outbox is written in the approval's transaction: what it holds now is all there will be.
    const { rows } = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where kind = 'member-approved' and to_address = $1`,
      [member.email],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('the older approve-by-email route mails too, in the site’s default language without a profile one', async () => {
    const member = await register();
    const res = await owner.call('POST', '/_admin/v1/members/approve', { siteId: server.siteId, email: member.email });
    expect(res.status).toBe(200);
    const mail = await parsed(member.email);
    expect(mail.subject).toBe('Approval Shop: your account is approved');
    expect(mail.text).toContain('An owner of Approval Shop approved your account. You can sign in now.');
  });

  it('the Members API’s approveMember (an API key, as @wix/members sends it) mails as the console does', async () => {
    const member = await register();
    const res = await fetch(`${server.url}/members/v1/members/${member.id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: server.adminKey, 'wix-site-id': server.siteId },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const mail = await parsed(member.email);
    expect(mail.subject).toBe('Approval Shop: your account is approved');
    expect(await login(member.email)).toBe('SUCCESS');
  });
});
