import { describe, expect, it } from 'vitest';
import { Id, List, Optional, Strict, Text, WholeNumber } from '../config/schema/common.js';
import { SiteSchema } from '../config/schema/site.js';
import { isOperatorOnlyKey, keysIn, parseKey, setValueAt, settingSections, valueAt } from './keys.js';

// A site schema with a key the console has never heard of: it must show up with no code in settings/.
const WithShipping = Strict({
  ...SiteSchema.properties,
  shipping: Optional(List(Strict({ id: Id(), name: Text(), priceCents: WholeNumber(0, 1_000_000) }))),
});

describe('setting keys from the config schema', () => {
  it('finds values, groups and lists of entries; not API keys, webhooks or collections', () => {
    const sections = settingSections();
    const kinds = Object.fromEntries(sections.map((s) => [s.name, s.kind]));
    expect(kinds).toMatchObject({ name: 'value', languages: 'value', policies: 'group', clients: 'list' });
    expect(kinds).not.toHaveProperty('apiKeys');
    expect(kinds).not.toHaveProperty('collections');
    expect(sections.find((s) => s.name === 'clients')).toMatchObject({ idKey: 'clientId' });
  });

  it('a key added to the schema is a setting at once', () => {
    const sections = settingSections(WithShipping);
    expect(sections.find((s) => s.name === 'shipping')).toMatchObject({
      kind: 'list',
      idKey: 'id',
      fields: ['name', 'priceCents'],
    });
    expect(parseKey('shipping[express].priceCents', sections)).toEqual({
      section: 'shipping',
      entry: 'express',
      field: 'priceCents',
    });
    const raw: Record<string, unknown> = { id: 'shop' };
    setValueAt(raw, { section: 'shipping', entry: 'express', field: 'priceCents' }, 900, sections);
    expect(raw.shipping).toEqual([{ id: 'express', priceCents: 900 }]);
    expect(keysIn(raw, sections)).toEqual(['shipping[express].priceCents']);
  });

  it('reads and writes keys in a config file entry, and refuses what is not a setting', () => {
    const raw: Record<string, unknown> = { id: 'shop', policies: { captcha: 'off' }, clients: [{ clientId: 'web' }] };
    setValueAt(raw, { section: 'policies', field: 'emailVerification' }, 'required');
    setValueAt(raw, { section: 'clients', entry: 'web', field: 'redirectUris' }, ['https://a.example/cb']);
    expect(raw).toEqual({
      id: 'shop',
      policies: { captcha: 'off', emailVerification: 'required' },
      clients: [{ clientId: 'web', redirectUris: ['https://a.example/cb'] }],
    });
    expect(valueAt(raw, { section: 'clients', entry: 'web', field: 'redirectUris' })).toEqual(['https://a.example/cb']);
    expect(keysIn(raw)).toEqual(['policies.emailVerification', 'policies.captcha', 'clients[web].redirectUris']);
    expect(parseKey('apiKeys[x].key')).toBeUndefined();
    expect(parseKey('policies.nope')).toBeUndefined();
    expect(parseKey('policies')).toBeUndefined();
  });

  it('leaves out keys only the config file may hold (environment variables, secret destinations), and knows them', () => {
    const fields = Object.fromEntries(
      settingSections().map((s) => [s.name, s.kind === 'value' ? [] : s.fields] as const),
    );
    expect(fields.phone).toContain('authToken');
    expect(fields.phone).not.toContain('authTokenEnv');
    expect(fields.phone).not.toContain('apiBaseUrl');
    expect(fields.identityProviders).not.toContain('clientSecretEnv');
    expect(parseKey('phone.authTokenEnv')).toBeUndefined();
    expect(parseKey('identityProviders[corp].clientSecretEnv')).toBeUndefined();
    expect(isOperatorOnlyKey('phone.authTokenEnv')).toBe(true);
    expect(isOperatorOnlyKey('identityProviders[corp].clientSecretEnv')).toBe(true);
    expect(isOperatorOnlyKey('collections[faq].seed')).toBe(true);
    expect(isOperatorOnlyKey('phone.from')).toBe(false);
    expect(isOperatorOnlyKey('policies.recaptcha')).toBe(false);
  });
});
