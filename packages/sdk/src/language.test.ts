/**
 * The client's `language`: every call that has a language on the wire sends it (docs/wire-format.md §4.5,
 * §6.2, §7.2, §9.1), `setLanguage` changes it for later calls, and without one nothing is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingServer, type TokenCall } from '../test-support/counting-server.js';
import { OAuthStrategy } from './auth/oauth-strategy.js';
import { createClient } from './client.js';
import { items } from './data/index.js';

const tokens = { access_token: 'AT', refresh_token: 'RT', expires_in: 3600, token_type: 'Bearer' };
let api: Awaited<ReturnType<typeof startCountingServer>>;
beforeAll(async () => {
  api = await startCountingServer(({ url }) => ({
    body: url.startsWith('/oauth2/token')
      ? tokens
      : url.startsWith('/_api/redirects-api')
        ? { redirectSession: { fullUrl: 'https://hosted.test/login', sessionToken: 'S' } }
        : url.startsWith('/wix-data/v2/items/query')
          ? { dataItems: [], pagingMetadata: {} }
          : url.startsWith('/wix-data/v2/items')
            ? { dataItem: { id: '1', data: { _id: '1' } } }
            : {},
  }));
});
afterAll(() => api?.close());

const shop = (language?: string) =>
  createClient({ auth: OAuthStrategy({ clientId: 'C', baseUrl: api.url }), modules: { items }, language });

/** Runs `action` and returns the requests it made, apart from the token grant. */
async function callsOf(action: () => Promise<unknown>): Promise<TokenCall[]> {
  const before = api.calls.length;
  await action();
  return api.calls.slice(before).filter((c) => !c.url.startsWith('/oauth2/token'));
}

/** The `.r` payload of a GET query, decoded. */
const dotR = (url: string) =>
  JSON.parse(Buffer.from(new URL(url, api.url).searchParams.get('.r')!, 'base64url').toString()) as Record<
    string,
    unknown
  >;

describe('client language', () => {
  it('data reads and queries send it; an explicit option wins; writes do not carry it', async () => {
    const client = shop('fr');
    expect(client.language).toBe('fr');
    const [query] = await callsOf(() => client.items.query('Products').eq('title', 'x').find());
    expect(dotR(query!.url).language).toBe('fr');
    const [get] = await callsOf(() => client.items.get('Products', '1'));
    expect(new URL(get!.url, api.url).searchParams.get('language')).toBe('fr');
    const [count] = await callsOf(() => client.items.query('Products').count());
    expect(count!.body).toMatchObject({ language: 'fr' });
    const [explicit] = await callsOf(() => client.items.query('Products').find({ language: 'de' }));
    expect(dotR(explicit!.url).language).toBe('de');
    const [insert] = await callsOf(() => client.items.insert('Products', { title: 'x' }));
    expect(insert!.body).not.toHaveProperty('language');
  });

  it('recovery mail, activation mail, a new member profile and redirect sessions send it', async () => {
    const client = shop('ar');
    const [recovery] = await callsOf(() => client.auth.sendPasswordResetEmail('a@b.test', 'https://shop.test/reset'));
    expect(recovery!.url).toBe('/_api/iam/recovery/v1/send-email');
    expect(recovery!.body).toEqual({
      email: 'a@b.test',
      language: 'ar',
      redirect: { url: 'https://shop.test/reset', clientId: 'C' },
    });
    const [activation] = await callsOf(() => client.auth.sendActivationEmail('member-1'));
    expect(activation!.url).toBe('/_api/iam/recovery/v1/activation-email');
    expect(activation!.body).toEqual({ identityId: 'member-1', emailOptions: { language: 'ar' } });
    const [register] = await callsOf(() =>
      client.auth.register({ email: 'a@b.test', password: 'pw', profile: { nickname: 'A' } }),
    );
    expect(register!.body).toMatchObject({ profile: { language: 'ar', nickname: 'A' } });
    const [session] = await callsOf(() =>
      client.auth.getAuthUrl({
        state: 's',
        codeChallenge: 'c',
        codeVerifier: 'v',
        redirectUri: 'https://shop.test/cb',
        originalUri: '',
      }),
    );
    expect(session!.body).toMatchObject({ preferences: { additionalQueryParameters: { lang: 'ar' } } });
  });

  it('setLanguage changes later calls of both the data module and the auth strategy', async () => {
    const client = shop();
    const [none] = await callsOf(() => client.items.query('Products').find());
    expect(dotR(none!.url)).not.toHaveProperty('language');
    const [noneMail] = await callsOf(() => client.auth.sendPasswordResetEmail('a@b.test', 'https://shop.test/reset'));
    expect(noneMail!.body).not.toHaveProperty('language');

    client.setLanguage('es');
    expect(client.language).toBe('es');
    const [query] = await callsOf(() => client.items.query('Products').find());
    expect(dotR(query!.url).language).toBe('es');
    const [session] = await callsOf(() => client.auth.logout('https://shop.test/'));
    expect(session!.body).toMatchObject({ preferences: { additionalQueryParameters: { lang: 'es' } } });

    client.setLanguage(undefined);
    const [after] = await callsOf(() => client.items.get('Products', '1'));
    expect(new URL(after!.url, api.url).searchParams.has('language')).toBe(false);
  });
});
