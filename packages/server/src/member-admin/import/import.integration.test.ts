import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../../test-support/limits.js';
import {
  api,
  startIdentityServer,
  visitorToken,
  type IdentityTestServer,
} from '../../../test-support/identity-server.js';

let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
useIpLimits({ recovery: { limit: 1000, windowSeconds: 900 } });
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const PASSWORD = 'imported passphrase 1';
const importCall = (body: Record<string, unknown>, key = server.adminKey) =>
  call('POST', '/_admin/v1/members/import', {
    headers: { authorization: `Bearer ${key}` },
    body: { siteId: server.siteId, ...body },
  });
const login = (email: string, password: string) =>
  call('POST', '/_api/iam/authentication/v2/login', { token: visitor, body: { loginId: { email }, password } });
const row = async (email: string) =>
  (
    await server.ctx.db.query<{
      password_hash: string | null;
      status: string;
      created_at: Date;
      profile: unknown;
      id: string;
      email_verified: boolean;
    }>(
      'select id, password_hash, status, created_at, profile, email_verified from members where site_id = $1 and email = $2',
      [server.siteId, email],
    )
  ).rows[0];

describe('member import (Auth0 export)', () => {
  const tag = Math.random().toString(36).slice(2, 8);
  const alice = `alice-${tag}@example.com`;
  const bob = `bob-${tag}@example.com`;
  const dave = `dave-${tag}@example.com`;
  let content: string;
  beforeAll(async () => {
    const users = [
      {
        email: alice,
        email_verified: true,
        given_name: 'Alice',
        family_name: 'Liddell',
        created_at: '2020-03-04T05:06:07.000Z',
        passwordHash: await bcrypt.hash(PASSWORD, 10),
        identities: [
          { provider: 'auth0', user_id: 'a1', connection: 'Username-Password-Authentication' },
          { provider: 'google-oauth2', user_id: `1077${tag}`, connection: 'google-oauth2' },
        ],
      },
      { email: bob, email_verified: true, nickname: 'bob', passwordHash: 'md5:5f4dcc3b5aa765d61d8327deb882cf99' },
      { email: alice.toUpperCase(), given_name: 'Twice' },
      { email: 'not-an-address', given_name: 'Nobody' },
      { email: dave, email_verified: true, blocked: true, passwordHash: await bcrypt.hash(PASSWORD, 10) },
    ];
    // Auth0's export job writes one JSON object per line.
    content = users.map((u) => JSON.stringify(u)).join('\n');
  });

  it('needs an admin', async () => {
    expect((await importCall({ format: 'auth0', content }, 'not-the-admin-key-0123456789')).status).toBe(401);
  });

  it('dry run: reports, names each refused row and why, writes nothing', async () => {
    const res = await importCall({ format: 'auth0', content, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dryRun: true,
      total: 5,
      created: 3,
      updated: 0,
      withoutPassword: 1,
      linked: 0,
      refused: [
        { row: 3, email: alice.toUpperCase(), reason: 'same address as row 1' },
        { row: 4, email: 'not-an-address', reason: 'not an email address' },
      ],
    });
    expect(await row(alice)).toBeUndefined();
  });

  it('imports profile, verified flag, created date, blocked state and provider links; a re-run updates, never duplicates', async () => {
    const first = await importCall({ format: 'auth0', content });
    expect(first.body).toMatchObject({ created: 3, updated: 0, withoutPassword: 1, linked: 1 });
    const a = (await row(alice))!;
    expect(a.email_verified).toBe(true);
    expect(a.created_at.toISOString()).toBe('2020-03-04T05:06:07.000Z');
    // The defaults every new member gets (issue #52): the nickname from the address, a unique slug from it.
    const nickname = alice.split('@')[0]!;
    const slug = nickname.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(a.profile).toEqual({ firstName: 'Alice', lastName: 'Liddell', nickname, slug });
    expect(a.password_hash).toMatch(/^\$2b\$10\$/);
    expect((await row(dave))!.status).toBe('BLOCKED');
    const links = await server.ctx.db.query(
      'select issuer, subject from sso_identities where site_id = $1 and member_id = $2',
      [server.siteId, a.id],
    );
    expect(links.rows).toEqual([{ issuer: 'https://accounts.google.com', subject: `1077${tag}` }]);

    const again = await importCall({ format: 'auth0', content });
    expect(again.body).toMatchObject({ created: 0, updated: 3, linked: 0 });
    const count = await server.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from members where site_id = $1 and email = any($2::text[])',
      [server.siteId, [alice, bob, dave]],
    );
    expect(count.rows[0]!.n).toBe(3);
  });

  it('signs in with the kept bcrypt hash once, then the hash is argon2id', async () => {
    expect((await login(alice, 'wrong passphrase 1')).body.details.applicationError.code).toBe('-19976');
    const res = await login(alice, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('SUCCESS');
    expect((await row(alice))!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(alice, PASSWORD)).body.state).toBe('SUCCESS');
    // A re-import never puts the old hash back over the new one.
    await importCall({ format: 'auth0', content });
    expect((await row(alice))!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('a member without a usable hash is told to reset (-19973), and the reset mail works', async () => {
    const res = await login(bob, 'any password at all');
    expect(res.status).toBe(400);
    expect(res.body.details.applicationError.code).toBe('-19973');
    expect((await row(bob))!.password_hash).toBeNull();
    await call('POST', '/_api/iam/recovery/v1/send-email', {
      token: visitor,
      body: { email: bob, redirect: { url: `${server.url}/callback`, clientId: server.clientId } },
    });
    const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(bob)}`);
    const link = mail.body.messages
      .map((m: { text: string }) => /(http\S+\/reset-password\?token=\S+)/.exec(m.text)?.[1])
      .find(Boolean) as string;
    const recovered = await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: new URL(link).searchParams.get('token'), password: 'a fresh passphrase 2' },
    });
    expect(recovered.body.state).toBe('SUCCESS');
    expect((await login(bob, 'a fresh passphrase 2')).body.state).toBe('SUCCESS');
  });

  it('a blocked member stays out', async () => {
    const res = await login(dave, PASSWORD);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.details.applicationError.code).not.toBe('-19976');
  });
});

describe('member import (Firebase export)', () => {
  const project = {
    signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    saltSeparator: 'Bw==',
    rounds: 8,
    memCost: 14,
  };
  const email = `fb-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const content = JSON.stringify({
    users: [
      {
        localId: 'u1',
        email,
        emailVerified: true,
        passwordHash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
        salt: '42xEC+ixf3L2lw==',
        displayName: 'Fire Base',
        createdAt: '1486324027000',
        providerUserInfo: [{ providerId: 'password', rawId: email }],
      },
    ],
  });

  it('refuses hashes without the project parameters', async () => {
    const res = await importCall({ format: 'firebase', content });
    expect(res.status).toBe(400);
    expect(res.body.details.validationError.fieldViolations[0].field).toBe('firebase');
  });

  it("verifies Firebase's modified scrypt at the first sign-in (the firebase/scrypt README account)", async () => {
    const res = await importCall({ format: 'firebase', content, firebase: project });
    expect(res.body).toMatchObject({ created: 1, withoutPassword: 0, refused: [] });
    expect((await row(email))!.created_at.toISOString()).toBe('2017-02-05T19:47:07.000Z');
    expect((await login(email, 'user1password')).body.state).toBe('SUCCESS');
    expect((await row(email))!.password_hash).toMatch(/^\$argon2id\$/);
  });
});
