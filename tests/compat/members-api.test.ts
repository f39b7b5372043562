import { members } from '@wix/members';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/**
 * The unmodified `@wix/members` Members API against Vitrine (issue #52), every call Vitrine serves, with
 * `ApiKeyStrategy` (the site owner) and `OAuthStrategy` (visitors and members): the calls of the
 * `nextjs/external-identity-provider` template (find or create the member with an API key, external login,
 * current member in FULL, slug update), minimal-examples' greeting, and who may do what.
 */
const CLIENT = 'wix-members-api';
const REDIRECT = 'https://members-api.test/callback';
const API_KEY = 'members-api-compat-key-0123456789abcdef';
const PASSWORD = 'members api pass 4417';

let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer({ clientId: CLIENT, redirectUri: REDIRECT }, (s) => ({
    ...s,
    apiKeys: [...s.apiKeys, { name: 'members-api', key: API_KEY }],
  }));
});
afterAll(() => env?.close());

const owner = () =>
  createClient({ modules: { members }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: env.server.siteId }) });
const shopper = () => createClient({ modules: { members }, auth: OAuthStrategy({ clientId: CLIENT }) });
type Shopper = ReturnType<typeof shopper>;
const unique = (tag: string) => `${tag}.${Date.now()}${Math.random().toString(36).slice(2, 7)}@example.com`;
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const code = (error: unknown) => (error as { details?: { applicationError?: { code?: string } } }).details;

async function visitor(): Promise<Shopper> {
  const client = shopper();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  return client;
}

/** The template's getServerWixClient: member tokens for a member id, through the API key (external login). */
async function externalLogin(memberId: string): Promise<Shopper> {
  const client = await visitor();
  client.auth.setTokens(await client.auth.getMemberTokensForExternalLogin(memberId, API_KEY));
  return client;
}

/** Registers with email and password and signs in by the code flow, as minimal-examples' login does. */
async function registered(email = unique('reg')): Promise<{ client: Shopper; email: string }> {
  const client = shopper();
  const result = await client.auth.register({ email, password: PASSWORD });
  expect(result.loginState).toBe('SUCCESS');
  const sessionToken = (result as unknown as { data: { sessionToken: string } }).data.sessionToken;
  const oauthData = client.auth.generateOAuthData(REDIRECT);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'query',
    sessionToken,
  } as Parameters<Shopper['auth']['getAuthUrl']>[1]);
  const location = (await env.routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
  const { code: authCode, state } = client.auth.parseFromUrl(location, 'query');
  client.auth.setTokens(await client.auth.getMemberTokens(authCode, state, oauthData));
  return { client, email };
}

/** The template's getOrCreateWixMember, verbatim in substance. */
async function getOrCreateWixMember(email: string) {
  const admin = owner();
  const { items } = await admin.members.queryMembers().eq('loginEmail', email).find();
  if (items.length) return items[0]!;
  return admin.members.createMember({
    member: {
      loginEmail: email,
      status: members.Status.APPROVED,
      privacyStatus: members.PrivacyStatusStatus.PRIVATE,
    },
  });
}

describe('@wix/members: the external-identity-provider template', () => {
  it('finds or creates the member with an API key, signs in externally, reads FULL and changes the slug', async () => {
    const email = unique('Grace.Hopper');
    const created = await getOrCreateWixMember(email);
    expect(created).toMatchObject({ loginEmail: email, status: 'APPROVED', privacyStatus: 'PRIVATE' });
    expect(created.profile?.nickname).toBe(email.split('@')[0]);
    expect(created.profile?.slug).toMatch(/^grace-hopper-/);
    // The second sign-in finds the same member by its login email.
    const found = await getOrCreateWixMember(email.toUpperCase());
    expect(found._id).toBe(created._id);

    const client = await externalLogin(created._id!);
    const before = env.routing.seen.length;
    const { member } = await client.members.getCurrentMember({ fieldsets: [members.Set.FULL] });
    expect(env.routing.seen.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /members/v1/members/my']);
    expect(member).toMatchObject({ _id: created._id, loginEmail: email, profile: { slug: created.profile?.slug } });
    expect(member?.contact).toMatchObject({ phones: [], addresses: [] });

    const slug = `gh-${Date.now()}`;
    const updated = await client.members.updateCurrentMemberSlug(slug);
    expect(updated.member?.profile?.slug).toBe(slug);
    expect((await client.members.getCurrentMember()).member?.profile?.slug).toBe(slug);
  });

  it('a slug another member holds is SLUG_ALREADY_EXISTS', async () => {
    const first = await getOrCreateWixMember(unique('first'));
    const second = await externalLogin((await getOrCreateWixMember(unique('second')))._id!);
    await expect(second.members.updateCurrentMemberSlug(first.profile!.slug!)).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'SLUG_ALREADY_EXISTS',
    );
  });
});

describe('@wix/members: minimal-examples', () => {
  it('greets a member registered with email and password by the nickname from the address', async () => {
    const { client, email } = await registered(unique('ada'));
    const { member } = await client.members.getCurrentMember();
    const greeting = member?.profile?.nickname || member?.profile?.slug || '';
    expect(greeting).toBe(email.split('@')[0]);
    expect(member?.profile?.slug).toMatch(/^ada-/);
  });

  it("the access token's data claim names the site, as the template decodes it", async () => {
    const visitorClient = await visitor();
    const token = visitorClient.auth.getTokens().accessToken.value;
    const data = JSON.parse(claims(token).data as string) as { instance: Record<string, unknown> };
    expect(data.instance.metaSiteId).toBe(env.server.siteId);
    expect(data.instance.aid).toBe(claims(token).sub);
    const { client } = await registered();
    const memberToken = client.auth.getTokens().accessToken.value;
    const memberData = JSON.parse(claims(memberToken).data as string) as { instance: Record<string, unknown> };
    expect(memberData.instance).toMatchObject({ metaSiteId: env.server.siteId, siteMemberId: claims(memberToken).sub });
  });
});

describe('@wix/members: reads by caller', () => {
  it('the owner queries by login email, pages, lists, and reads any member in FULL', async () => {
    const admin = owner();
    const a = await admin.members.createMember({ member: { loginEmail: unique('page-a') } });
    const b = await admin.members.createMember({ member: { loginEmail: unique('page-b') } });
    const page = await admin.members
      .queryMembers({ fieldsets: ['EXTENDED'] })
      .in('loginEmail', [a.loginEmail, b.loginEmail])
      .limit(1)
      .find();
    expect(page.items).toHaveLength(1);
    expect(page.totalCount).toBe(2);
    expect(page.items[0]?.loginEmail).toBe(a.loginEmail);
    const next = await page.next();
    expect(next.items[0]?.loginEmail).toBe(b.loginEmail);
    const listed = await admin.members.listMembers({ paging: { limit: 100 } });
    expect(listed.members?.map((m) => m._id)).toEqual(expect.arrayContaining([a._id, b._id]));
    const full = await admin.members.getMember(a._id!, { fieldsets: ['FULL'] });
    expect(full).toMatchObject({ _id: a._id, loginEmail: a.loginEmail, contact: { emails: [] } });
  });

  it('a member and a visitor see PUBLIC members only, in the PUBLIC fieldset', async () => {
    const admin = owner();
    const hidden = await admin.members.createMember({ member: { loginEmail: unique('hidden') } });
    const shown = await admin.members.createMember({
      member: { loginEmail: unique('shown'), privacyStatus: 'PUBLIC', profile: { nickname: 'Shown Member' } },
    });
    const { client: member } = await registered();
    const seen = await member.members.getMember(shown._id!, { fieldsets: ['FULL'] });
    expect(seen.profile?.nickname).toBe('Shown Member');
    expect(seen.loginEmail).toBeUndefined();
    expect(seen.contact).toBeUndefined();
    expect(seen.status).toBe('UNKNOWN');
    await expect(member.members.getMember(hidden._id!)).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'MEMBER_NOT_FOUND',
    );
    const guest = await visitor();
    const { items } = await guest.members.queryMembers().eq('profile.nickname', 'Shown Member').find();
    expect(items.map((m) => m._id)).toEqual([shown._id]);
    const { items: none } = await guest.members.queryMembers().eq('_id', hidden._id).find();
    expect(none).toEqual([]);
  });

  it('only the owner may filter by login email (no address lookup for strangers)', async () => {
    const guest = await visitor();
    await expect(guest.members.queryMembers().eq('loginEmail', 'someone@example.com').find()).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'PERMISSION_DENIED',
    );
  });
});

describe('@wix/members: changes', () => {
  it('updateMember: nickname, photo, contact names, phones, addresses and custom fields; then the list deletes', async () => {
    const admin = owner();
    const m = await admin.members.createMember({ member: { loginEmail: unique('upd') } });
    const updated = await admin.members.updateMember(m._id!, {
      profile: { nickname: 'Updated', photo: { url: 'https://images.example.com/u.png' } },
      contact: {
        firstName: 'Up',
        lastName: 'Dated',
        jobTitle: 'Tester',
        phones: ['+33 1 23 45 67 89'],
        addresses: [{ addressLine: '1 rue de Rivoli', city: 'Paris', country: 'FR', postalCode: '75001' }],
        customFields: { shoeSize: { value: '42' } },
      },
    });
    expect(updated).toMatchObject({
      profile: { nickname: 'Updated', photo: { url: 'https://images.example.com/u.png' } },
      contact: {
        firstName: 'Up',
        lastName: 'Dated',
        jobTitle: 'Tester',
        phones: ['+33 1 23 45 67 89'],
        addresses: [{ _id: expect.any(String), addressLine: '1 rue de Rivoli', city: 'Paris', country: 'FR' }],
        customFields: { shoeSize: { name: 'shoeSize', value: '42' } },
      },
    });
    // Only what is sent changes; "" clears a field.
    const cleared = await admin.members.updateMember(m._id!, { contact: { jobTitle: '' } });
    expect(cleared.contact?.jobTitle).toBeUndefined();
    expect(cleared.contact?.firstName).toBe('Up');
    expect((await admin.members.deleteMemberPhones(m._id!)).member?.contact?.phones).toEqual([]);
    expect((await admin.members.deleteMemberAddresses(m._id!)).member?.contact?.addresses).toEqual([]);
    expect((await admin.members.deleteMemberEmails(m._id!)).member?.contact?.emails).toEqual([]);
    await expect(
      admin.members.updateMember(m._id!, { profile: { photo: { url: 'javascript:alert(1)' } } }),
    ).rejects.toSatisfy(
      (e) =>
        (e as { details?: { validationError?: { fieldViolations?: { field?: string }[] } } }).details?.validationError
          ?.fieldViolations?.[0]?.field === 'member.profile.photo.url',
    );
    const slugged = await admin.members.updateMemberSlug(m._id!, `upd-${Date.now()}`);
    expect(slugged.member?.profile?.slug).toMatch(/^upd-/);
  });

  it('a member changes their own profile, never another member', async () => {
    const { client } = await registered();
    const self = (await client.members.getCurrentMember()).member!;
    const mine = await client.members.updateMember(self._id!, { profile: { nickname: 'Me myself' } });
    expect(mine.profile?.nickname).toBe('Me myself');
    const other = await owner().members.createMember({
      member: { loginEmail: unique('other'), privacyStatus: members.PrivacyStatusStatus.PUBLIC },
    });
    await expect(client.members.updateMember(other._id!, { profile: { nickname: 'x' } })).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'PERMISSION_DENIED',
    );
    // A private member is not found to others, as getMember answers (no hint that the id is a member's).
    const hidden = await owner().members.createMember({ member: { loginEmail: unique('hidden') } });
    await expect(client.members.updateMember(hidden._id!, { profile: { nickname: 'x' } })).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'MEMBER_NOT_FOUND',
    );
    const joined = await client.members.joinCommunity();
    expect(joined.member?.privacyStatus).toBe('PUBLIC');
    expect((await client.members.leaveCommunity()).member?.privacyStatus).toBe('PRIVATE');
  });

  it('createMember, approve, block and delete need the API key', async () => {
    const { client } = await registered();
    const self = (await client.members.getCurrentMember()).member!;
    for (const call of [
      () => client.members.createMember({ member: { loginEmail: unique('nope') } }),
      () => client.members.approveMember(self._id!),
      () => client.members.blockMember(self._id!),
      () => client.members.deleteMember(self._id!),
    ])
      await expect(call()).rejects.toSatisfy((e) => code(e)?.applicationError?.code === 'PERMISSION_DENIED');
    const anonymous = await env.routing.realFetch(`${env.server.url}/members/v1/members/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('@wix/members: approval, blocking and deletion', () => {
  it('a PENDING member is approved; a block ends their sessions; approve unblocks', async () => {
    const admin = owner();
    const pending = await admin.members.createMember({ member: { loginEmail: unique('pend'), status: 'PENDING' } });
    expect(pending.status).toBe('PENDING');
    expect((await admin.members.approveMember(pending._id!)).member?.status).toBe('APPROVED');
    const signedIn = await externalLogin(pending._id!);
    expect((await signedIn.members.getCurrentMember()).member?._id).toBe(pending._id);
    expect((await admin.members.blockMember(pending._id!)).member?.status).toBe('BLOCKED');
    await expect(signedIn.members.getCurrentMember()).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'INVALID_TOKEN',
    );
    expect((await admin.members.approveMember(pending._id!)).member?.status).toBe('APPROVED');
  });

  it('deleteMember: the id then answers MEMBER_DELETED, status DELETED', async () => {
    const admin = owner();
    const m = await admin.members.createMember({ member: { loginEmail: unique('del') } });
    await admin.members.deleteMember(m._id!);
    await expect(admin.members.getMember(m._id!)).rejects.toSatisfy((e) => {
      const applicationError = code(e)?.applicationError as { code?: string; data?: { status?: string } } | undefined;
      return applicationError?.code === 'MEMBER_DELETED' && applicationError.data?.status === 'DELETED';
    });
    const { items } = await admin.members.queryMembers().eq('loginEmail', m.loginEmail).find();
    expect(items).toEqual([]);
  });

  it("deleteMyMember: the member's tokens end, external login is refused, the id answers as deleted", async () => {
    const { client, email } = await registered();
    const self = (await client.members.getCurrentMember()).member!;
    const refresh = client.auth.getTokens().refreshToken;
    const before = env.routing.seen.length;
    await client.members.deleteMyMember();
    expect(env.routing.seen.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /members/v1/members/my',
    ]);
    await expect(client.members.getCurrentMember()).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'INVALID_TOKEN',
    );
    await expect(client.auth.renewToken(refresh)).rejects.toThrow(/invalid_grant/);
    await expect(externalLogin(self._id!)).rejects.toThrow(/deleted/);
    await expect(owner().members.getMember(self._id!)).rejects.toSatisfy(
      (e) => code(e)?.applicationError?.code === 'MEMBER_DELETED',
    );
    // The address is free again: a new member, a new id.
    const again = await getOrCreateWixMember(email);
    expect(again._id).not.toBe(self._id);
  });
});
