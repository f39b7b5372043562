/**
 * `sites[i].identityProviders` (issue #15): the OpenID Connect providers a site's shoppers may sign in
 * with. Presets fill the issuer and scopes of the well-known providers; every problem names its key.
 */
import type { IdentityProviderConfig } from '../../config/types.js';
import type { Reader } from '../../config/validate.js';

export const PROVIDER_TYPES = ['oidc', 'google', 'microsoft', 'apple'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

interface Preset {
  name: string;
  issuer: string;
  scopes: string[];
  responseMode: 'query' | 'form_post';
}

/**
 * Microsoft's `common`/`consumers` discovery documents name a different issuer than their own URL, which
 * a relying party must refuse; the preset is personal Microsoft accounts by their tenant id. Work and
 * school accounts: set `issuer` to `https://login.microsoftonline.com/<tenant id>/v2.0`.
 */
const PRESETS: Record<Exclude<ProviderType, 'oidc'>, Preset> = {
  google: { name: 'Google', issuer: 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'], responseMode: 'query' },
  microsoft: {
    name: 'Microsoft',
    issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    scopes: ['openid', 'email', 'profile'],
    responseMode: 'query',
  },
  // Apple answers with a cross-site form post whenever name or email is asked for.
  apple: { name: 'Apple', issuer: 'https://appleid.apple.com', scopes: ['openid', 'email', 'name'], responseMode: 'form_post' },
};

const ID = { re: /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, hint: 'letters, digits, "-" or "_" (at most 64)' };
const KEYS = ['id', 'type', 'name', 'issuer', 'clientId', 'clientSecret', 'clientSecretEnv', 'scopes', 'linkByVerifiedEmail'];

/** Plain http is for a provider on this machine only (development, tests); everything else is https. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function readIdentityProviders(r: Reader, raw: unknown, path: string, env: NodeJS.ProcessEnv = process.env): IdentityProviderConfig[] {
  const list = r.array(raw, path).map((entry, i) => readProvider(r, entry, `${path}[${i}]`, env));
  list.forEach((p, i) => {
    if (list.findIndex((o) => o.id === p.id) !== i) r.fail(`${path}[${i}].id`, `"${p.id}" is used by another identity provider of this site`);
  });
  return list;
}

function readProvider(r: Reader, raw: unknown, at: string, env: NodeJS.ProcessEnv): IdentityProviderConfig {
  const o = r.object(raw, at) ?? {};
  r.knownKeys(o, at, KEYS);
  const type = r.oneOf(o.type, `${at}.type`, PROVIDER_TYPES, 'oidc');
  const preset = type === 'oidc' ? undefined : PRESETS[type];
  if (type === 'oidc' && o.issuer === undefined) r.fail(`${at}.issuer`, 'is required for type "oidc" (the provider\'s issuer URL; discovery reads issuer + /.well-known/openid-configuration)');
  const issuer = r.url(o.issuer, `${at}.issuer`, preset?.issuer ?? '');
  if (issuer && URL.canParse(issuer) && new URL(issuer).protocol === 'http:' && !isLoopbackHttp(new URL(issuer))) {
    r.fail(`${at}.issuer`, `must be an https URL (plain http only for localhost; got "${issuer.slice(0, 80)}")`);
  }
  const clientSecret = readSecret(r, o, at, env);
  const scopes = o.scopes === undefined ? (preset?.scopes ?? ['openid', 'email', 'profile']) : r.array(o.scopes, `${at}.scopes`).map((s, j) => r.string(s, `${at}.scopes[${j}]`));
  if (!scopes.includes('openid')) r.fail(`${at}.scopes`, `must include "openid" (got ${JSON.stringify(scopes).slice(0, 80)})`);
  const id = r.string(o.id, `${at}.id`, undefined, ID);
  return {
    id,
    type,
    name: r.string(o.name, `${at}.name`, preset?.name ?? id),
    issuer,
    clientId: r.string(o.clientId, `${at}.clientId`),
    clientSecret,
    scopes,
    linkByVerifiedEmail: r.boolean(o.linkByVerifiedEmail, `${at}.linkByVerifiedEmail`, type !== 'oidc'),
    responseMode: preset?.responseMode ?? 'query',
  };
}

/** `clientSecret`, or `clientSecretEnv` naming the environment variable that holds it; neither = a public client (PKCE only). */
function readSecret(r: Reader, o: Record<string, unknown>, at: string, env: NodeJS.ProcessEnv): string | undefined {
  if (o.clientSecret !== undefined && o.clientSecretEnv !== undefined) {
    r.fail(`${at}.clientSecretEnv`, 'and clientSecret both give the secret: keep only one');
    return undefined;
  }
  if (o.clientSecretEnv !== undefined) {
    const name = r.string(o.clientSecretEnv, `${at}.clientSecretEnv`, undefined, { re: /^[A-Za-z_][A-Za-z0-9_]*$/, hint: 'an environment variable name' });
    const value = name ? env[name] : undefined;
    if (name && !value) r.fail(`${at}.clientSecretEnv`, `names the environment variable ${name}, which is not set`);
    return value || undefined;
  }
  return r.optionalString(o.clientSecret, `${at}.clientSecret`);
}
