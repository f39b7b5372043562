/**
 * `sites[i].identityProviders` (issue #15): the OpenID Connect providers a site's shoppers may sign in
 * with. Presets fill the issuer and scopes of the well-known providers; every problem names its key.
 */
import type { IdentityProviderConfig } from '../../config/types.js';
import { Reader, take } from '../../config/validate.js';
import { byKeyPath, schemaProblems } from '../../config/schema/messages.js';
import { IdentityProvidersSchema, PROVIDER_TYPES } from '../../config/schema/identity-providers.js';

export { PROVIDER_TYPES };
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
  google: {
    name: 'Google',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    responseMode: 'query',
  },
  microsoft: {
    name: 'Microsoft',
    issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    scopes: ['openid', 'email', 'profile'],
    responseMode: 'query',
  },
  // Apple answers with a cross-site form post whenever name or email is asked for.
  apple: {
    name: 'Apple',
    issuer: 'https://appleid.apple.com',
    scopes: ['openid', 'email', 'name'],
    responseMode: 'form_post',
  },
};

/** Plain http is for a provider on this machine only (development, tests); everything else is https. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Checks `raw` against schema/identity-providers.ts, then what the schema cannot say. */
export function readIdentityProviders(
  r: Reader,
  raw: unknown,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): IdentityProviderConfig[] {
  const code = new Reader();
  const list = buildIdentityProviders(code, raw ?? [], path, env);
  r.problems.push(...byKeyPath([...schemaProblems(IdentityProvidersSchema, raw ?? [], path), ...code.problems]));
  return list;
}

/** Builds providers from an already schema-checked list: https-only issuers, "openid", secrets from the environment, unique ids. */
export function buildIdentityProviders(
  r: Reader,
  raw: unknown,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): IdentityProviderConfig[] {
  const list = take.list(raw).map((entry, i) => buildProvider(r, take.object(entry), `${path}[${i}]`, env));
  list.forEach((p, i) => {
    if (p.id && list.findIndex((o) => o.id === p.id) !== i)
      r.fail(`${path}[${i}].id`, `"${p.id}" is used by another identity provider of this site`);
  });
  return list;
}

function buildProvider(
  r: Reader,
  o: Record<string, unknown>,
  at: string,
  env: NodeJS.ProcessEnv,
): IdentityProviderConfig {
  const type = take.oneOf(o.type, PROVIDER_TYPES, 'oidc');
  const preset = type === 'oidc' ? undefined : PRESETS[type];
  const issuer = take.string(o.issuer, preset?.issuer ?? '');
  if (issuer && URL.canParse(issuer) && new URL(issuer).protocol === 'http:' && !isLoopbackHttp(new URL(issuer))) {
    r.fail(`${at}.issuer`, `must be an https URL (plain http only for localhost; got "${issuer.slice(0, 80)}")`);
  }
  const clientSecret = readSecret(r, o, at, env);
  const scopes =
    o.scopes === undefined
      ? (preset?.scopes ?? ['openid', 'email', 'profile'])
      : take.list(o.scopes).map((s) => take.string(s, ''));
  if (Array.isArray(o.scopes) && !scopes.includes('openid'))
    r.fail(`${at}.scopes`, `must include "openid" (got ${JSON.stringify(scopes).slice(0, 80)})`);
  const id = take.string(o.id, '');
  return {
    id,
    type,
    name: take.string(o.name, preset?.name ?? id),
    issuer,
    clientId: take.string(o.clientId, ''),
    clientSecret,
    scopes,
    linkByVerifiedEmail: take.boolean(o.linkByVerifiedEmail, type !== 'oidc'),
    responseMode: preset?.responseMode ?? 'query',
    tokenNonce: take.oneOf(o.tokenNonce, ['server', 'app'] as const, 'server'),
  };
}

/**
 * `clientSecret`, or `clientSecretEnv` naming the environment variable that holds it; neither = a public
 * client (PKCE only). `clientSecretEnv` is the config file's alone (`x-operator-only`: the console refuses it,
 * and its rebuild passes only the variables the file reads as `env`).
 */
function readSecret(r: Reader, o: Record<string, unknown>, at: string, env: NodeJS.ProcessEnv): string | undefined {
  if (o.clientSecret !== undefined && o.clientSecretEnv !== undefined) {
    r.fail(`${at}.clientSecretEnv`, 'and clientSecret both give the secret: keep only one');
    return undefined;
  }
  if (o.clientSecretEnv !== undefined) {
    const name = take.string(o.clientSecretEnv, '');
    const value = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? env[name] : undefined;
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !value)
      r.fail(`${at}.clientSecretEnv`, `names the environment variable ${name}, which is not set`);
    return value || undefined;
  }
  return take.string(o.clientSecret, undefined);
}
