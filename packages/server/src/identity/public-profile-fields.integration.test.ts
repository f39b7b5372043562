import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/**
 * The profile fields everyone sees (the Members API's PUBLIC fieldset: the photo and the slug) are checked by
 * one rule on every write path: the identity profile (`PATCH /_api/members/v1/members/my`, register), the
 * Members API (updateMember, the slug calls) and the member import. A photo is an http(s) address, never
 * `javascript:` or `data:`; a slug is letters, digits, ".", "_", "~" and "-".
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
const BAD_PHOTOS = [
  'javascript:alert(document.domain)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.test/x.png',
];
const BAD_SLUGS = ['../../x?<b>"', 'with space', 'a/b', ''];

/** A public member (made by the owner, so no sign-up limit applies) and a session of theirs. */
async function member() {
  const created = await call('POST', '/members/v1/members', {
    token: server.adminKey,
    body: { member: { loginEmail: unique('public'), privacyStatus: 'PUBLIC' } },
  });
  const id = created.body.member.id as string;
  const { accessToken } = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: id }),
  );
  return { id, token: accessToken };
}

/** The one violation of a 400 validation answer. */
function violation(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(400);
  const violations = res.body.details.validationError.fieldViolations as Record<string, unknown>[];
  expect(violations).toHaveLength(1);
  return violations[0]!;
}

const publicView = async (id: string) => (await call('GET', `/members/v1/members/${id}`, { token: visitor })).body;

describe('the identity profile route', () => {
  it('refuses a photo that is not a web address, as the Members API does, and stores nothing', async () => {
    const m = await member();
    for (const picture of BAD_PHOTOS) {
      const res = await call('PATCH', '/_api/members/v1/members/my', {
        token: m.token,
        body: { profile: { picture, privacyStatus: 'PUBLIC' } },
      });
      expect(violation(res)).toMatchObject({
        field: 'profile.picture',
        description: 'must be an http or https address',
        ruleName: 'INVALID_URL',
      });
      // Another visitor reads no photo.
      expect((await publicView(m.id)).member.profile.photo).toBeUndefined();
    }
    const fine = await call('PATCH', '/_api/members/v1/members/my', {
      token: m.token,
      body: { profile: { picture: 'https://images.example.com/me.png' } },
    });
    expect(fine.status).toBe(200);
    expect((await publicView(m.id)).member.profile.photo).toEqual({ url: 'https://images.example.com/me.png' });
  });

  it('refuses a slug outside the slug characters', async () => {
    const m = await member();
    const before = (await publicView(m.id)).member.profile.slug;
    for (const slug of BAD_SLUGS) {
      const res = await call('PATCH', '/_api/members/v1/members/my', { token: m.token, body: { profile: { slug } } });
      expect(violation(res)).toMatchObject({ field: 'profile.slug', ruleName: 'INVALID_VALUE' });
    }
    expect((await publicView(m.id)).member.profile.slug).toBe(before);
    const slug = `fine.slug_${Date.now()}~x`;
    expect(
      (await call('PATCH', '/_api/members/v1/members/my', { token: m.token, body: { profile: { slug } } })).status,
    ).toBe(200);
    expect((await publicView(m.id)).member.profile.slug).toBe(slug);
  });

  it('register checks them too', async () => {
    const res = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: {
        loginId: { email: unique('reg') },
        password: 'public fields pass 5',
        profile: { picture: BAD_PHOTOS[0] },
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('profile.picture');
  });
});

describe('a photo stored before the check', () => {
  it('is not shown by the Members API', async () => {
    const m = await member();
    await server.ctx.db.query(
      `update members set profile = profile || jsonb_build_object('picture', $3::text) where site_id = $1 and id = $2`,
      [server.siteId, m.id, BAD_PHOTOS[0]],
    );
    expect((await publicView(m.id)).member.profile.photo).toBeUndefined();
    const own = await call('GET', '/members/v1/members/my?fieldsets=FULL', { token: m.token });
    expect(own.body.member.profile.photo).toBeUndefined();
  });
});

describe('the Members API gives the same answers', () => {
  it('updateMember refuses the photo, the slug calls refuse the slug', async () => {
    const m = await member();
    for (const url of BAD_PHOTOS) {
      const res = await call('PATCH', `/members/v1/members/${m.id}`, {
        token: m.token,
        body: { member: { profile: { photo: { url } } } },
      });
      expect(violation(res)).toMatchObject({
        field: 'member.profile.photo.url',
        description: 'must be an http or https address',
        ruleName: 'INVALID_URL',
      });
    }
    for (const slug of BAD_SLUGS) {
      const res = await call('POST', '/members/v1/members/my/slug', { token: m.token, body: { slug } });
      expect(violation(res)).toMatchObject({ field: 'slug', ruleName: 'INVALID_VALUE' });
    }
  });
});

describe('the member import', () => {
  it('refuses a row whose photo is not a web address, naming the field', async () => {
    const good = unique('imported');
    const bad = unique('imported');
    const content = [
      'email,nickname,picture',
      `${good},Good,https://images.example.com/good.png`,
      `${bad},Bad,javascript:alert(document.domain)`,
    ].join('\n');
    const res = await call('POST', '/_admin/v1/members/import', {
      headers: { authorization: `Bearer ${server.adminKey}` },
      body: { siteId: server.siteId, format: 'csv', content },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      created: 1,
      refused: [{ row: 2, email: bad, reason: 'profile.picture must be an http or https address' }],
    });
  });
});
