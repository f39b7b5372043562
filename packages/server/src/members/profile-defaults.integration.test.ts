/**
 * Profile defaults as Wix makes them (issue #52): a nickname from the email's local part and a slug unique on
 * the site, on the store's one insert (register, sign-on, a provider's first sign-in and createMember all go
 * through it), under concurrent sign-ups, and for older members through migration 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../test-support/index.js';
import { memberProfileDefaults } from '../store/migrations/0100_member_profile_defaults.js';
import { localPart, slugBase } from './profile-defaults.js';
import { findMemberByEmail, insertMember } from './store.js';

let server: TestServer;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  server = await startTestServer();
  call = api(server.url);
});
afterAll(() => server?.close());

const tag = () => Math.random().toString(36).slice(2, 8);
const insert = (email: string, profile: Record<string, unknown> = {}) =>
  server.ctx.db.transaction((tx) =>
    insertMember(tx, {
      siteId: server.siteId,
      email,
      passwordHash: null,
      emailVerified: false,
      approved: true,
      profile,
      now: Date.now(),
    }),
  );

describe('slugBase and localPart', () => {
  it('lower case, accents dropped, other runs one "-", "member" when nothing is left', () => {
    expect(slugBase('Élodie  Dupont_Ω!')).toBe('elodie-dupont');
    expect(slugBase('***')).toBe('member');
    expect(slugBase(`${'a'.repeat(99)}-b`)).toBe('a'.repeat(99));
    expect(localPart('Ada.Lovelace+shop@example.com')).toBe('Ada.Lovelace+shop');
  });
});

describe('a new member', () => {
  it('gets the local part as nickname and a free slug; the same local part elsewhere gets -2, -3', async () => {
    const local = `Ada.Lovelace.${tag()}`;
    const first = await insert(`${local}@one.example`);
    const second = await insert(`${local}@two.example`);
    const third = await insert(`${local}@three.example`);
    expect(first!.profile).toEqual({ nickname: local, slug: slugBase(local) });
    expect(second!.profile.slug).toBe(`${slugBase(local)}-2`);
    expect(third!.profile.slug).toBe(`${slugBase(local)}-3`);
  });

  it('keeps a nickname and a free slug it was given; a taken slug is replaced by one made from it', async () => {
    const slug = `given-${tag()}`;
    const given = await insert(`g${tag()}@example.com`, { nickname: 'Given Name', slug });
    expect(given!.profile).toEqual({ nickname: 'Given Name', slug });
    const again = await insert(`g${tag()}@example.com`, { slug });
    expect(again!.profile.slug).toBe(`${slug}-2`);
    const fromNickname = await insert(`n${tag()}@example.com`, { nickname: `Zoë ${slug}` });
    expect(fromNickname!.profile.slug).toBe(`zoe-${slug}`);
  });

  it('twenty sign-ups with the same local part at once all succeed, each with its own slug', async () => {
    const local = `rush${tag()}`;
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => insert(`${local}@d${i}.example`)));
    const slugs = made.map((m) => m!.profile.slug);
    expect(new Set(slugs).size).toBe(20);
  });

  it('made by sign-on (an API key) gets them too', async () => {
    const email = `sign.on.${tag()}@example.com`;
    const res = await call('POST', '/_api/iam/authentication/v2/sign-on', {
      headers: { authorization: `,${server.adminKey}` },
      body: { loginId: { email } },
    });
    expect(res.status).toBe(200);
    expect(res.body.identity.identityProfile).toMatchObject({
      nickname: localPart(email),
      slug: slugBase(localPart(email)),
    });
  });
});

describe('migration 100 on older members', () => {
  it('fills nickname and slug, keeps a given one, and settles slugs two members shared', async () => {
    const t = tag();
    const rows: [string, Record<string, unknown>][] = [
      [`old.${t}@example.com`, {}],
      [`x${t}@example.com`, { nickname: 'Kept Nick', slug: `shared-${t}` }],
      [`y${t}@example.com`, { slug: `shared-${t}` }],
      [`z${t}@example.com`, { nickname: '' }],
      [`Élodie.Ø.${t}@example.com`, {}],
    ];
    await server.ctx.db.exec('drop index members_slug; drop index members_public;');
    let at = Date.parse('2020-01-01T00:00:00Z');
    for (const [email, profile] of rows)
      await server.ctx.db.query(
        `insert into members (site_id, id, email, email_key, email_verified, status, approved, profile, created_at, updated_at)
         values ($1, gen_random_uuid(), $2, lower($2), false, 'ACTIVE', true, $3, $4, $4)`,
        [server.siteId, email, JSON.stringify(profile), new Date((at += 1000))],
      );
    await server.ctx.db.exec(memberProfileDefaults.sql);
    const profiles = await Promise.all(
      rows.map(async ([email]) => (await findMemberByEmail(server.ctx.db, server.siteId, email))!.profile),
    );
    expect(profiles[0]).toEqual({ nickname: `old.${t}`, slug: `old-${t}` });
    expect(profiles[1]).toEqual({ nickname: 'Kept Nick', slug: `shared-${t}` });
    expect(profiles[2]).toEqual({ nickname: `y${t}`, slug: `shared-${t}-2` });
    expect(profiles[3]).toEqual({ nickname: `z${t}`, slug: `z${t}` });
    // The same rule as slugBase, in SQL.
    expect(profiles[4]).toEqual({ nickname: `Élodie.Ø.${t}`, slug: slugBase(`Élodie.Ø.${t}`) });
    // The index is back: a clash now fails.
    await expect(
      server.ctx.db.query(`update members set profile = profile || $2 where site_id = $1 and email = $3`, [
        server.siteId,
        JSON.stringify({ slug: `shared-${t}` }),
        rows[0]![0],
      ]),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
