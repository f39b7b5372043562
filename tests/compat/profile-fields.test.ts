import { authentication } from '@wix/identity';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/**
 * Every profile field the unmodified `@wix/identity` authentication module sends (its IdentityProfile
 * typings, and the address parts its address transform writes: docs/wire-format.md §6.2), one test
 * each: what `registerV2` and `signOn` send comes back the same from the client, in SDK names
 * (`addressLine1`, `formatted`, `location`, Dates, NaN), and all of them together from `loginV2`.
 *
 * `@wix/members` speaks Wix's Members API (`contact`, `profile.photo`) over the same stored profile
 * (members-module.test.ts, members-api.test.ts, docs/wire-format.md §13).
 */
const CLIENT = 'wix-profile';
const API_KEY = 'profile-compat-key-0123456789-abcdef';
const PASSWORD = 'profile compat pass 1';

let env: WixClientServer;
let savedLimits: string | undefined;
beforeAll(async () => {
  // One registration per field from this one address: over the per-address limit, which is not under test.
  savedLimits = process.env.VITRINE_AUTH_RATE_LIMITS;
  process.env.VITRINE_AUTH_RATE_LIMITS = '0';
  env = await startWixClientServer({ clientId: CLIENT, redirectUri: 'https://profile-compat.test/callback' }, (s) => ({
    ...s,
    apiKeys: [...(s.apiKeys ?? []), { name: 'compat', key: API_KEY }],
  }));
});
afterAll(async () => {
  if (savedLimits === undefined) delete process.env.VITRINE_AUTH_RATE_LIMITS;
  else process.env.VITRINE_AUTH_RATE_LIMITS = savedLimits;
  await env?.close();
});

const visitorClient = () => createClient({ modules: { authentication }, auth: OAuthStrategy({ clientId: CLIENT }) });
const keyClient = () =>
  createClient({ modules: { authentication }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: env.server.siteId }) });
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

type SdkProfile = authentication.IdentityProfile;
type Profile = Record<string, unknown>;
const address = (tag: string, parts: Record<string, unknown>) => ({ addresses: [{ tag, address: parts }] });
const custom = (value: Record<string, unknown>) => ({ customFields: [{ name: 'field', value }] });

/**
 * [what the test is about, a fresh copy of the profile the client is given]. A function, because the
 * client rewrites the object it is given (dates into strings) while it sends it.
 */
const FIELDS: [string, () => Profile][] = [
  ...['firstName', 'lastName', 'nickname', 'language', 'company', 'position', 'vatId'].map(
    (key): [string, () => Profile] => [key, () => ({ [key]: `${key} value` })],
  ),
  // A slug is letters, digits, ".", "_", "~" and "-" only (it is public and goes into paths).
  ['slug', () => ({ slug: 'slug-value' })],
  ['picture', () => ({ picture: 'https://images.example.com/ada.png' })],
  ['birthdate', () => ({ birthdate: '1815-12-10' })],
  ['subscription', () => ({ subscription: false })],
  ...['UNDEFINED', 'PUBLIC', 'PRIVATE'].map((s): [string, () => Profile] => [
    `privacyStatus ${s}`,
    () => ({ privacyStatus: s }),
  ]),
  ['labels', () => ({ labels: ['vip', 'wholesale'] })],
  ['emails (deprecated)', () => ({ emails: ['old@example.com'] })],
  ['phones (deprecated)', () => ({ phones: ['+44 20 7946 0000'] })],
  ['custom strValue', () => custom({ strValue: 'blue' })],
  ['custom numValue', () => custom({ numValue: 4.25 })],
  ['custom numValue NaN', () => custom({ numValue: NaN })],
  ['custom numValue -Infinity', () => custom({ numValue: -Infinity })],
  ['custom dateValue', () => custom({ dateValue: new Date('2024-02-03T04:05:06.789Z') })],
  ['custom boolValue', () => custom({ boolValue: false })],
  ['custom listValue', () => custom({ listValue: { value: [{ strValue: 'a' }, { numValue: 2 }] } })],
  ['custom mapValue', () => custom({ mapValue: { value: { size: { strValue: 'M' } } } })],
  ...['UNTAGGED', 'MAIN', 'HOME', 'WORK'].map((tag): [string, () => Profile] => [
    `secondaryEmails tag ${tag}`,
    () => ({ secondaryEmails: [{ email: `${tag.toLowerCase()}@example.com`, tag }] }),
  ]),
  ...['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX'].map((tag): [string, () => Profile] => [
    `phonesV2 tag ${tag}`,
    () => ({ phonesV2: [{ countryCode: 'GB', phone: '7700900123', tag }] }),
  ]),
  ...['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING'].map((tag): [string, () => Profile] => [
    `address tag ${tag}`,
    () => address(tag, { city: 'London' }),
  ]),
  ['address addressLine1', () => address('HOME', { addressLine1: '1 Main St' })],
  ['address addressLine2', () => address('HOME', { addressLine2: 'Flat 2, second floor' })],
  ['address city', () => address('HOME', { city: 'London' })],
  ['address subdivision', () => address('HOME', { subdivision: 'GB-LND' })],
  ['address country', () => address('HOME', { country: 'GB' })],
  ['address postalCode', () => address('HOME', { postalCode: 'N1 9GU' })],
  ['address formatted', () => address('HOME', { formatted: '1 Main St, Flat 2, London N1 9GU, UK' })],
  ['address hint', () => address('HOME', { hint: 'the blue door' })],
  ['address location', () => address('HOME', { location: { latitude: 51.5072, longitude: -0.1276 } })],
  ['address streetAddress name', () => address('HOME', { streetAddress: { name: 'Main St' } })],
  ['address streetAddress number', () => address('HOME', { streetAddress: { number: '221B' } })],
  ['address streetAddress apt', () => address('HOME', { streetAddress: { apt: '2' } })],
  [
    'address streetAddress formattedAddressLine',
    () => address('HOME', { streetAddress: { formattedAddressLine: 'Main St 221B, apt 2' } }),
  ],
];

/**
 * The profile without the defaults every new member gets (a nickname from the address, a unique slug:
 * issue #52) when the test did not send them; a slug sent that another member of this file holds comes
 * back as a free one made from it.
 */
function withoutDefaults(profile: object | undefined, sent: Profile): Profile {
  const out: Profile = { ...profile };
  for (const key of ['nickname', 'slug']) {
    if (key in sent) continue;
    expect(typeof out[key]).toBe('string');
    delete out[key];
  }
  if ('slug' in sent && out.slug !== undefined && out.slug !== sent.slug) {
    expect(out.slug).toMatch(/^slug-value(-\d+)?$/);
    out.slug = sent.slug;
  }
  return out;
}

/** What the client hands back: the profile sent, each address with the id the server gave it (`_id`). */
const returned = (sent: Profile): Profile =>
  Array.isArray(sent.addresses)
    ? { ...sent, addresses: (sent.addresses as Profile[]).map((a) => ({ ...a, _id: expect.any(String) })) }
    : sent;

describe('@wix/identity: every profile field survives a round trip', () => {
  it.each(FIELDS)('%s', async (_name, profile) => {
    const registered = await visitorClient().authentication.registerV2(
      { email: unique('wix-profile') },
      { password: PASSWORD, profile: profile() as SdkProfile },
    );
    expect(registered.state).toBe('SUCCESS');
    expect(withoutDefaults(registered.identity?.identityProfile, profile())).toEqual(returned(profile()));

    const signedOn = await keyClient().authentication.signOn(
      { email: unique('wix-sign-on') },
      { profile: profile() as SdkProfile },
    );
    expect(withoutDefaults(signedOn.identity?.identityProfile, profile())).toEqual(returned(profile()));
  });

  it('all of them together come back from loginV2', async () => {
    // One profile holding every case above: list fields add up, the rest take the last case's value.
    const all = (): Profile => {
      const out: Profile = {};
      for (const [, profile] of FIELDS)
        for (const [key, value] of Object.entries(profile()))
          out[key] = Array.isArray(value) ? [...((out[key] as unknown[]) ?? []), ...value] : value;
      return out;
    };
    const email = unique('wix-profile-all');
    const client = visitorClient();
    const registered = await client.authentication.registerV2(
      { email },
      { password: PASSWORD, profile: all() as SdkProfile },
    );
    expect(registered.state).toBe('SUCCESS');
    const signedIn = await client.authentication.loginV2({ email }, { password: PASSWORD });
    expect(signedIn.state).toBe('SUCCESS');
    expect(withoutDefaults(signedIn.identity?.identityProfile, all())).toEqual(returned(all()));
  });
});
