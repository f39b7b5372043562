import { describe, expect, it } from 'vitest';
import { Reader } from '../../config/validate.js';
import { readIdentityProviders } from './config.js';

function read(raw: unknown, env: NodeJS.ProcessEnv = {}) {
  const r = new Reader();
  const providers = readIdentityProviders(r, raw, 'sites[0].identityProviders', env);
  return { providers, problems: r.problems };
}

describe('sites[].identityProviders', () => {
  it('presets fill issuer, name and scopes, and link by verified email by default', () => {
    const { providers, problems } = read(
      [{ id: 'google', type: 'google', clientId: 'c', clientSecretEnv: 'GOOGLE_SECRET' }],
      { GOOGLE_SECRET: 's3cret' },
    );
    expect(problems).toEqual([]);
    expect(providers[0]).toMatchObject({
      name: 'Google',
      issuer: 'https://accounts.google.com',
      scopes: ['openid', 'email', 'profile'],
      clientSecret: 's3cret',
      linkByVerifiedEmail: true,
    });
    expect(read([{ id: 'apple', type: 'apple', clientId: 'c' }]).providers[0]).toMatchObject({
      responseMode: 'form_post',
      issuer: 'https://appleid.apple.com',
    });
  });

  it('a generic provider needs an issuer and does not link by email unless told', () => {
    const { providers, problems } = read([{ id: 'corp', type: 'oidc', clientId: 'c' }]);
    expect(problems).toContain(
      'sites[0].identityProviders[0].issuer is required for type "oidc" (the provider\'s issuer URL; discovery reads issuer + /.well-known/openid-configuration)',
    );
    expect(providers[0]!.linkByVerifiedEmail).toBe(false);
  });

  it('login-with-token-params wants a server-issued nonce unless tokenNonce is "app" (audit S-9)', () => {
    const base = { type: 'oidc', clientId: 'c', issuer: 'https://idp.example' };
    const { providers, problems } = read([
      { id: 'a', ...base },
      { id: 'b', ...base, tokenNonce: 'app' },
      { id: 'c', ...base, tokenNonce: 'client' },
    ]);
    expect(providers.map((p) => p.tokenNonce)).toEqual(['server', 'app', 'server']);
    expect(problems).toEqual([expect.stringMatching(/^sites\[0\]\.identityProviders\[2\]\.tokenNonce must be/)]);
  });

  it('names the key of every mistake', () => {
    const { problems } = read([
      { id: 'a', type: 'okta', clientId: 'c', issuer: 'https://idp.example' },
      {
        id: 'a',
        clientId: 'c',
        issuer: 'http://idp.example',
        scopes: ['email'],
        clientSecretEnv: 'MISSING_SECRET',
        colour: 'red',
      },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'sites[0].identityProviders[0].type must be one of "oidc", "google", "microsoft", "apple" (got "okta")',
        'sites[0].identityProviders[1].issuer must be an https URL (plain http only for localhost; got "http://idp.example")',
        'sites[0].identityProviders[1].scopes must include "openid" (got ["email"])',
        'sites[0].identityProviders[1].clientSecretEnv names the environment variable MISSING_SECRET, which is not set',
        'sites[0].identityProviders[1].colour is not a known key (allowed: id, type, name, issuer, clientId, clientSecret, clientSecretEnv, scopes, linkByVerifiedEmail, tokenNonce)',
        'sites[0].identityProviders[1].id "a" is used by another identity provider of this site',
      ]),
    );
  });
});
