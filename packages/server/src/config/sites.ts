import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_TOKENS } from './demo.js';
import { PERMISSION_LEVELS, type ClientConfig, type CollectionConfig, type SiteConfig } from './types.js';
import type { Reader } from './validate.js';
import { readSiteWebhooks } from '../webhooks/config.js';
import { checkReferenceTargets, readFields, readGraphql, readStrict, readTranslatable } from './fields.js';
import { readIdentityProviders } from '../identity/sso/config.js';
import { readLanguages } from '../i18n/config.js';

const ID = { re: /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, hint: 'letters, digits, "-" or "_" (at most 64)' };

/** Reads `sites[i]` of a config file; `baseDir` resolves seed file names. */
export function readSite(r: Reader, raw: unknown, path: string, baseDir: string): SiteConfig {
  const site = r.object(raw, path) ?? {};
  r.knownKeys(site, path, ['id', 'name', 'policies', 'tokens', 'sessions', 'clients', 'apiKeys', 'collections', 'webhooks', 'graphql', 'identityProviders', 'languages']);
  const id = r.string(site.id, `${path}.id`, undefined, ID);

  const p = r.object(site.policies, `${path}.policies`) ?? {};
  r.knownKeys(p, `${path}.policies`, ['emailVerification', 'memberApproval', 'captcha', 'recaptcha', 'mfa', 'mfaFactors']);
  const captcha = r.oneOf(p.captcha, `${path}.policies.captcha`, ['off', 'altcha', 'recaptcha'] as const, 'off');
  const policies: SiteConfig['policies'] = {
    emailVerification: r.oneOf(p.emailVerification, `${path}.policies.emailVerification`, ['off', 'required'] as const, 'off'),
    memberApproval: r.oneOf(p.memberApproval, `${path}.policies.memberApproval`, ['auto', 'manual'] as const, 'auto'),
    captcha,
  };
  if (p.mfa !== undefined) policies.mfa = r.oneOf(p.mfa, `${path}.policies.mfa`, ['off', 'optional', 'required'] as const, 'optional');
  if (p.mfaFactors !== undefined) {
    const factors = r.array(p.mfaFactors, `${path}.policies.mfaFactors`);
    policies.mfaFactors = factors.map((f, i) => r.oneOf(f, `${path}.policies.mfaFactors[${i}]`, ['TOTP', 'EMAIL', 'WEBAUTHN'] as const, 'TOTP'));
    if (!factors.length && policies.mfa === 'required') r.fail(`${path}.policies.mfaFactors`, 'must name at least one factor when mfa is "required"');
  }
  const rc = r.object(p.recaptcha, `${path}.policies.recaptcha`);
  if (captcha === 'recaptcha' && !rc) r.fail(`${path}.policies.recaptcha`, 'is required when captcha is "recaptcha" ({ "secret", "verifyUrl" })');
  if (rc) {
    r.knownKeys(rc, `${path}.policies.recaptcha`, ['secret', 'verifyUrl']);
    policies.recaptcha = {
      secret: r.string(rc.secret, `${path}.policies.recaptcha.secret`),
      verifyUrl: r.url(rc.verifyUrl, `${path}.policies.recaptcha.verifyUrl`, 'https://www.google.com/recaptcha/api/siteverify'),
    };
  }

  const t = r.object(site.tokens, `${path}.tokens`) ?? {};
  r.knownKeys(t, `${path}.tokens`, ['accessTokenTtl', 'visitorRefreshTtl', 'memberSessionTtl']);
  const tokens = {
    accessTokenTtl: r.integer(t.accessTokenTtl, `${path}.tokens.accessTokenTtl`, DEFAULT_TOKENS.accessTokenTtl, 60, 86_400),
    visitorRefreshTtl: r.integer(t.visitorRefreshTtl, `${path}.tokens.visitorRefreshTtl`, DEFAULT_TOKENS.visitorRefreshTtl, 3600, 400 * 86_400),
    memberSessionTtl: r.integer(t.memberSessionTtl, `${path}.tokens.memberSessionTtl`, DEFAULT_TOKENS.memberSessionTtl, 3600, 400 * 86_400),
    memberIdleTtl: DEFAULT_TOKENS.memberIdleTtl,
  };
  readSessions(r, site.sessions, `${path}.sessions`, tokens, t.memberSessionTtl !== undefined);

  const clients = r.array(site.clients, `${path}.clients`).map((c, i) => readClient(r, c, `${path}.clients[${i}]`));
  if (clients.length === 0) r.fail(`${path}.clients`, 'must list at least one client ({ "clientId", "redirectUris", "allowedOrigins" })');

  const apiKeys = r.array(site.apiKeys, `${path}.apiKeys`).map((k, i) => {
    const key = r.object(k, `${path}.apiKeys[${i}]`) ?? {};
    r.knownKeys(key, `${path}.apiKeys[${i}]`, ['name', 'key']);
    const value = r.string(key.key, `${path}.apiKeys[${i}].key`);
    if (value && value.length < 24) r.fail(`${path}.apiKeys[${i}].key`, 'must be at least 24 characters (use a long random value)');
    return { name: r.string(key.name, `${path}.apiKeys[${i}].name`), key: value };
  });

  const collections = r
    .array(site.collections, `${path}.collections`)
    .map((c, i) => readCollection(r, c, `${path}.collections[${i}]`, baseDir));
  checkReferenceTargets(r, collections, `${path}.collections`);
  const graphql = readGraphql(r, site.graphql, `${path}.graphql`);

  const webhooks = readSiteWebhooks(r, site.webhooks, `${path}.webhooks`);
  const identityProviders = readIdentityProviders(r, site.identityProviders, `${path}.identityProviders`);
  const languages = readLanguages(r, site.languages, `${path}.languages`);
  return { id, name: r.string(site.name, `${path}.name`, id), policies, tokens, clients, apiKeys, collections, webhooks, identityProviders, languages, ...(graphql ? { graphql } : {}) };
}

/**
 * `sessions: { absoluteDays, idleDays }`: the member-session lifetimes in days (defaults 30 and 7;
 * idleDays 0 turns the idle timeout off). absoluteDays is the newer name of `tokens.memberSessionTtl`.
 */
function readSessions(r: Reader, raw: unknown, path: string, tokens: SiteConfig['tokens'], ttlGiven: boolean): void {
  const s = r.object(raw, path);
  if (!s) return;
  r.knownKeys(s, path, ['absoluteDays', 'idleDays']);
  if (s.absoluteDays !== undefined) {
    if (ttlGiven) r.fail(`${path}.absoluteDays`, 'and tokens.memberSessionTtl set the same lifetime: keep only sessions.absoluteDays');
    tokens.memberSessionTtl = r.integer(s.absoluteDays, `${path}.absoluteDays`, 30, 1, 400) * 86_400;
  }
  if (s.idleDays !== undefined) {
    const absoluteDays = Math.max(1, Math.floor(tokens.memberSessionTtl / 86_400));
    if (typeof s.idleDays === 'number' && s.idleDays > absoluteDays) {
      r.fail(`${path}.idleDays`, `must not be longer than the absolute lifetime of ${absoluteDays} days (got ${s.idleDays})`);
    } else {
      tokens.memberIdleTtl = r.integer(s.idleDays, `${path}.idleDays`, 7, 0, absoluteDays) * 86_400;
    }
  }
}

function readClient(r: Reader, raw: unknown, path: string): ClientConfig {
  const c = r.object(raw, path) ?? {};
  r.knownKeys(c, path, ['clientId', 'redirectUris', 'allowedOrigins', 'refreshTokenRotation']);
  const redirectUris = r.array(c.redirectUris, `${path}.redirectUris`).map((u, i) => r.url(u, `${path}.redirectUris[${i}]`));
  const allowedOrigins = r.array(c.allowedOrigins, `${path}.allowedOrigins`).map((u, i) => {
    const origin = r.url(u, `${path}.allowedOrigins[${i}]`);
    try {
      if (origin && new URL(origin).origin !== origin) r.fail(`${path}.allowedOrigins[${i}]`, `must be a bare origin such as "${new URL(origin).origin}" (got "${origin}")`);
    } catch {
      /* already reported by r.url */
    }
    return origin;
  });
  return {
    clientId: r.string(c.clientId, `${path}.clientId`, undefined, ID),
    redirectUris,
    allowedOrigins,
    refreshTokenRotation: r.boolean(c.refreshTokenRotation, `${path}.refreshTokenRotation`, true),
  };
}

function readCollection(r: Reader, raw: unknown, path: string, baseDir: string): CollectionConfig {
  const c = r.object(raw, path) ?? {};
  r.knownKeys(c, path, ['id', 'permissions', 'seed', 'fields', 'strict', 'translatable']);
  const perms = r.object(c.permissions, `${path}.permissions`) ?? {};
  r.knownKeys(perms, `${path}.permissions`, ['read', 'insert', 'update', 'remove']);
  const level = (op: string) => r.oneOf(perms[op], `${path}.permissions.${op}`, PERMISSION_LEVELS, 'ADMIN');
  const fields = readFields(r, c.fields, `${path}.fields`);
  const strict = readStrict(r, c.strict, `${path}.strict`, fields);
  const translatable = readTranslatable(r, c.translatable, `${path}.translatable`, fields);
  return {
    id: r.string(c.id, `${path}.id`, undefined, ID),
    permissions: { read: level('read'), insert: level('insert'), update: level('update'), remove: level('remove') },
    seed: readSeed(r, c.seed, `${path}.seed`, baseDir),
    ...(fields ? { fields } : {}),
    ...(strict !== undefined ? { strict } : {}),
    ...(translatable ? { translatable } : {}),
  };
}

function readSeed(r: Reader, raw: unknown, path: string, baseDir: string): Record<string, unknown>[] {
  if (raw === undefined) return [];
  let items: unknown = raw;
  if (typeof raw === 'string') {
    const file = resolve(baseDir, raw);
    try {
      items = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      r.fail(path, `names a file that could not be read as JSON (${file}: ${(error as Error).message})`);
      return [];
    }
  }
  if (!Array.isArray(items) || items.some((i) => typeof i !== 'object' || i === null || Array.isArray(i))) {
    r.fail(path, 'must be a JSON file name or an inline array of item objects');
    return [];
  }
  return items as Record<string, unknown>[];
}

export const configBaseDir = (configPath: string) => dirname(resolve(configPath));
