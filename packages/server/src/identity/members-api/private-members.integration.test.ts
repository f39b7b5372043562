import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  startIdentityServer,
  visitorToken,
  type IdentityTestServer,
} from '../../../test-support/identity-server.js';

/**
 * A private member is "not found" to strangers on every Members API call: a change (updateMember, the slug
 * call, the contact-list deletes) answers the same 404 MEMBER_NOT_FOUND as getMember and an unknown id, never a
 * 403 that would tell a stranger the id is a member's.
 */
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  server = await startIdentityServer();
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const code = (res: { body: { details?: { applicationError?: { code: string } } } }) =>
  res.body.details?.applicationError?.code;

async function member(privacyStatus: 'PUBLIC' | 'PRIVATE') {
  const created = await call('POST', '/members/v1/members', {
    token: server.adminKey,
    body: { member: { loginEmail: unique(privacyStatus.toLowerCase()), privacyStatus } },
  });
  expect(created.status).toBe(200);
  const id = created.body.member.id as string;
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: id }),
  );
  return { id, token: session.accessToken };
}

const changes = (id: string) =>
  [
    ['PATCH', `/members/v1/members/${id}`, { member: { profile: { nickname: 'Mallory' } } }],
    ['POST', `/members/v1/members/${id}/slug`, { slug: 'mallory' }],
    ['DELETE', `/members/v1/members/${id}/phones`, undefined],
  ] as const;

describe('a private member is not found to strangers', () => {
  it('changes answer 404 as reads and unknown ids do; a public member still answers 403', async () => {
    const [stranger, hidden, shown] = await Promise.all([member('PUBLIC'), member('PRIVATE'), member('PUBLIC')]);
    const unknown = '0b6f3a52-7d4e-4c1a-9f0e-3b2a1c0d9e8f';
    for (const token of [stranger.token, visitor]) {
      expect(code(await call('GET', `/members/v1/members/${hidden.id}`, { token }))).toBe('MEMBER_NOT_FOUND');
      for (const id of [hidden.id, unknown])
        for (const [method, path, body] of changes(id)) {
          const res = await call(method, path, { token, ...(body ? { body } : {}) });
          expect([method, path, res.status, code(res)]).toEqual([method, path, 404, 'MEMBER_NOT_FOUND']);
        }
      // A member they can see: the refusal is the permission's, as before.
      for (const [method, path, body] of changes(shown.id)) {
        const res = await call(method, path, { token, ...(body ? { body } : {}) });
        expect([method, path, res.status]).toEqual([method, path, 403]);
      }
    }
    // Nothing changed; the member themselves and the owner still change it.
    const own = await call('PATCH', `/members/v1/members/${hidden.id}`, {
      token: hidden.token,
      body: { member: { profile: { nickname: 'Hidden' } } },
    });
    expect(own.status).toBe(200);
    expect(own.body.member.profile.nickname).toBe('Hidden');
    const owner = await call('POST', `/members/v1/members/${hidden.id}/slug`, {
      token: server.adminKey,
      body: { slug: `hidden-${Date.now()}` },
    });
    expect(owner.status).toBe(200);
  });
});
