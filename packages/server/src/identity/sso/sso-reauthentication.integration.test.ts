/**
 * Every check of a member's current password counts in the login's throttle (audit S-2), and
 * disconnecting a provider needs the same fresh proof as connecting one (audit S-10).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP } from '../../../test-support/redirect-kit.js';
import { IDP, startSso, type SsoKit } from '../../../test-support/sso-kit.js';
import { accountLockout } from '../../security/index.js';
import { insertProviderIdentity } from './store.js';

let sso: SsoKit;
let offsetMs = 0;
beforeAll(async () => {
  sso = await startSso({
    site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off', captcha: 'off' } }),
  });
  const server = sso.kit.server as unknown as { ctx: { now: () => number } };
  const realNow = server.ctx.now;
  server.ctx.now = () => realNow() + offsetMs;
});
afterAll(async () => {
  await sso?.close();
});

const RETURN = `${APP.origin}/account/sign-in-methods`;
const AUTH = '/_api/iam/authentication';

async function signedInMember() {
  const m = await sso.kit.member();
  const { server } = sso.kit;
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: APP.clientId, memberId: m.memberId }),
  );
  return { ...m, token: session.accessToken };
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sso.kit.server.url}${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, code: (JSON.parse(text) as { details?: any }).details?.applicationError?.code }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const connect = (token: string, currentPassword: string) =>
  call(token, 'POST', `${AUTH}/v1/sso/connect/${IDP.id}`, { returnUrl: RETURN, currentPassword });

async function login(email: string, password: string) {
  const res = await sso.kit.post(
    `${AUTH}/v2/login`,
    { loginId: { email }, password },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  return res.status;
}

describe('a current password is a login attempt (S-2)', () => {
  it('40 wrong guesses on SSO connect lock the account after the login’s limit; then even the right password is refused', async () => {
    const m = await signedInMember();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await connect(m.token, `guess ${i}`)).status);
    const limit = accountLockout.failures;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses.slice(limit)).toEqual(Array(40 - limit).fill(429));
    expect(await connect(m.token, m.password)).toEqual({ status: 429, code: 'TOO_MANY_FAILED_LOGINS' });
    // It is the login's own lock: signing in is refused too.
    expect(await login(m.email, m.password)).toBe(429);
  });

  it('guesses through change-password, SSO connect and factor removal add up in one budget', async () => {
    const m = await signedInMember();
    const changePassword = (currentPassword: string) =>
      call(m.token, 'POST', `${AUTH}/v2/change-password`, { newPassword: 'a new long passphrase 42', currentPassword });
    const removeFactor = (currentPassword: string) =>
      call(m.token, 'DELETE', `/_api/iam/mfa/v1/factors/some-factor`, { currentPassword });
    expect((await changePassword('wrong 1')).status).toBe(400);
    expect((await changePassword('wrong 2')).status).toBe(400);
    expect((await connect(m.token, 'wrong 3')).status).toBe(400);
    expect((await connect(m.token, 'wrong 4')).status).toBe(400);
    expect((await removeFactor('wrong 5')).status).toBe(400);
    expect(accountLockout.failures).toBe(5);
    expect(await removeFactor(m.password)).toEqual({ status: 429, code: 'TOO_MANY_FAILED_LOGINS' });
    expect(await changePassword(m.password)).toEqual({ status: 429, code: 'TOO_MANY_FAILED_LOGINS' });
    expect(await connect(m.token, m.password)).toEqual({ status: 429, code: 'TOO_MANY_FAILED_LOGINS' });
  });

  it('a right current password starts the address afresh, as a login does', async () => {
    const m = await signedInMember();
    for (let i = 0; i < accountLockout.failures - 1; i++) expect((await connect(m.token, `no ${i}`)).status).toBe(400);
    expect((await connect(m.token, m.password)).status).toBe(200);
    for (let i = 0; i < accountLockout.failures - 1; i++) expect((await connect(m.token, `no ${i}`)).status).toBe(400);
    expect(await login(m.email, m.password)).toBe(200);
  });
});

describe('disconnecting a provider needs a fresh sign-in or the current password (S-10)', () => {
  async function linked() {
    const m = await signedInMember();
    const { server } = sso.kit;
    await insertProviderIdentity(server.ctx.db, {
      siteId: server.siteId,
      issuer: sso.provider.issuer,
      subject: `sub-${m.memberId}`,
      memberId: m.memberId,
      idpConnectionId: IDP.id,
      email: m.email,
      now: Date.now(),
    });
    return m;
  }
  const disconnect = (token: string, body?: unknown, query = '') =>
    call(token, 'DELETE', `${AUTH}/v1/sso/connections/${IDP.id}${query}`, body);

  it('an 11-minute-old sign-in is refused with REAUTHENTICATION_REQUIRED and the connection stays; the password lets it go', async () => {
    const m = await linked();
    offsetMs += 11 * 60_000;
    try {
      expect(await disconnect(m.token)).toEqual({ status: 403, code: 'REAUTHENTICATION_REQUIRED' });
      expect(await disconnect(m.token, { currentPassword: 'not it' })).toEqual({ status: 400, code: '-19976' });
      const { rows } = await sso.kit.server.ctx.db.query('select 1 from sso_identities where member_id = $1', [
        m.memberId,
      ]);
      expect(rows).toHaveLength(1);
      expect(await disconnect(m.token, { currentPassword: m.password })).toEqual({ status: 200, code: undefined });
    } finally {
      offsetMs -= 11 * 60_000;
    }
  });

  it('takes the password from the body only, as factor removal does (S-16), and a fresh sign-in needs none', async () => {
    const old = await linked();
    offsetMs += 11 * 60_000;
    try {
      const query = `?currentPassword=${encodeURIComponent(old.password)}`;
      expect(await disconnect(old.token, undefined, query)).toEqual({ status: 403, code: 'REAUTHENTICATION_REQUIRED' });
      expect(await disconnect(old.token, { currentPassword: old.password })).toEqual({ status: 200, code: undefined });
    } finally {
      offsetMs -= 11 * 60_000;
    }
    const fresh = await linked();
    expect(await disconnect(fresh.token)).toEqual({ status: 200, code: undefined });
  });
});
