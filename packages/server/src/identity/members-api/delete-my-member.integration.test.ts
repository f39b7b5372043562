import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  startIdentityServer,
  visitorToken,
  type IdentityTestServer,
} from '../../../test-support/identity-server.js';

/**
 * deleteMyMember (`DELETE /members/v1/members/my`) needs what the hosted account page's deletion needs: a
 * sign-in within 10 minutes, or the current password in the body. A live access token of an older sign-in
 * alone is refused, 403 REAUTHENTICATION_REQUIRED, and the account stays.
 */
const MINUTE = 60_000;
const PASSWORD = 'delete me softly 8';
let offset = 0;
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  server = await startIdentityServer({
    now: () => Date.now() + offset,
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
beforeEach(() => {
  offset = 0;
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const code = (res: { body: { details?: { applicationError?: { code: string } } } }) =>
  res.body.details?.applicationError?.code;

/** A member and a session signed into now (the server's clock, shifted by `offset`). */
async function signedIn() {
  const email = unique('deleter');
  const reg = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: PASSWORD },
  });
  const memberId = reg.body.identity.id as string;
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
  );
  return { memberId, accessToken: session.accessToken };
}

const deleteMine = (token: string, body?: unknown) =>
  call('DELETE', '/members/v1/members/my', { token, ...(body === undefined ? {} : { body }) });
const stillThere = async (token: string) => (await call('GET', '/members/v1/members/my', { token })).status === 200;

describe('deleteMyMember: a recent sign-in or the current password', () => {
  it('deletes right after signing in, with no body (as @wix/members sends it)', async () => {
    const m = await signedIn();
    offset = 9 * MINUTE;
    expect((await deleteMine(m.accessToken)).status).toBe(200);
    expect((await call('GET', `/members/v1/members/${m.memberId}`, { token: server.adminKey })).status).toBe(404);
  });

  it('refuses a token whose sign-in is over 10 minutes old, and keeps the account', async () => {
    const m = await signedIn();
    offset = 11 * MINUTE;
    const refused = await deleteMine(m.accessToken);
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('REAUTHENTICATION_REQUIRED');
    expect(refused.body.details.applicationError.data).toEqual({ maxAgeSeconds: 600 });
    // The password in the query string is never read: URLs end up in logs.
    const viaQuery = await call('DELETE', `/members/v1/members/my?currentPassword=${encodeURIComponent(PASSWORD)}`, {
      token: m.accessToken,
    });
    expect(viaQuery.status).toBe(403);
    const wrong = await deleteMine(m.accessToken, { currentPassword: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(code(wrong)).toBe('-19976');
    expect(await stillThere(m.accessToken)).toBe(true);
  });

  it('deletes an older sign-in with the right current password', async () => {
    const m = await signedIn();
    offset = 60 * MINUTE;
    expect((await deleteMine(m.accessToken, { currentPassword: PASSWORD })).status).toBe(200);
    const after = await call('GET', `/members/v1/members/${m.memberId}`, { token: server.adminKey });
    expect(code(after)).toBe('MEMBER_DELETED');
  });
});
