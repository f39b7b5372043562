import { members } from '@wix/members';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/**
 * The unmodified `@wix/members` module's `getCurrentMember` (issue #34): it calls the Members API's
 * canonical `GET /members/v1/members/my` on www.wixapis.com, which Vitrine serves from the profile the
 * identity module and the account pages write (docs/members.md). The rest of the Members API:
 * members-api.test.ts.
 */
const CLIENT = 'wix-members';
const REDIRECT = 'https://members.test/callback';
const PASSWORD = 'members module pass 7712';

let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer({ clientId: CLIENT, redirectUri: REDIRECT });
});
afterAll(() => env?.close());

const newClient = () => createClient({ modules: { members }, auth: OAuthStrategy({ clientId: CLIENT }) });
type Client = ReturnType<typeof newClient>;

/** Registers with a profile through the strategy, then the code flow: the client holds member tokens. */
async function signedInMember(profile: Record<string, unknown>) {
  const client = newClient();
  const email = `members-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await client.auth.register({ email, password: PASSWORD, profile } as never);
  expect(registered.loginState).toBe('SUCCESS');
  const sessionToken = (registered as unknown as { data: { sessionToken: string } }).data.sessionToken;
  const oauthData = client.auth.generateOAuthData(REDIRECT);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'query',
    sessionToken,
  } as Parameters<Client['auth']['getAuthUrl']>[1]);
  const location = (await env.routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  client.auth.setTokens(await client.auth.getMemberTokens(code, state, oauthData));
  return { client, email };
}

describe('@wix/members: getCurrentMember', () => {
  it('FULL: contact names, phones and addresses, profile nickname, login email and status', async () => {
    const { client, email } = await signedInMember({
      firstName: 'Grace',
      lastName: 'Hopper',
      nickname: 'amazing grace',
      company: 'US Navy',
      phones: ['+1 703 555 0100'],
      addresses: [{ tag: 'SHIPPING', address: { addressLine1: '1 Navy Yard', city: 'Arlington', country: 'US' } }],
    });
    const before = env.routing.seen.length;
    const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(env.routing.seen.slice(before).map((r) => r.path)).toEqual(['/members/v1/members/my']);
    expect(member).toMatchObject({
      _id: expect.any(String),
      loginEmail: email,
      status: 'APPROVED',
      profile: { nickname: 'amazing grace' },
      contact: {
        firstName: 'Grace',
        lastName: 'Hopper',
        company: 'US Navy',
        phones: ['+1 703 555 0100'],
        addresses: [{ _id: expect.any(String), addressLine: '1 Navy Yard', city: 'Arlington', country: 'US' }],
      },
    });
    expect(member?._createdDate).toBeInstanceOf(Date);
    expect(member?.contactId).toBe(member?._id);
  });

  it('PUBLIC by default: no contact and no login email', async () => {
    const { client } = await signedInMember({ firstName: 'Ada', nickname: 'ada' });
    const { member } = await client.members.getCurrentMember();
    expect(member?.profile?.nickname).toBe('ada');
    expect(member?.contact).toBeUndefined();
    expect(member?.loginEmail).toBeUndefined();
  });

  it('a visitor gets a 401 from the unmodified module', async () => {
    const client = newClient();
    client.auth.setTokens(await client.auth.generateVisitorTokens());
    await expect(client.members.getCurrentMember()).rejects.toMatchObject({
      details: { applicationError: { code: 'UNAUTHORIZED' } },
    });
  });
});
