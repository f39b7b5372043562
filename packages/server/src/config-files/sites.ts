import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_TOKENS } from '../config/demo.js';
import { PERMISSION_LEVELS, type ClientConfig, type CollectionConfig, type SiteConfig } from '../config/types.js';
import { Reader, take } from '../config/validate.js';
import { byKeyPath, schemaProblems, SiteSchema } from '../config/schema/index.js';
import { MFA_FACTORS } from '../config/schema/policies.js';
import { buildSiteWebhooks } from '../webhooks/config.js';
import {
  checkReferenceTargets,
  buildFields,
  buildGraphql,
  buildIndexes,
  checkStrict,
  buildTranslatable,
} from '../config/fields.js';
import { buildIdentityProviders } from '../identity/index.js';
import { buildLanguages } from '../i18n/config.js';
import { buildPhone } from '../phone/config.js';
import { buildShipping } from '../config/shipping.js';
import { buildMail } from '../config/mail.js';
import { buildPush } from '../push/config.js';

/**
 * Reads `sites[i]` of a config file; `baseDir` resolves seed file names. The shape is the TypeBox
 * schema's to judge (schema/site.ts); what follows checks only what depends on other values.
 */
export function readSite(
  r: Reader,
  raw: unknown,
  path: string,
  baseDir: string,
  env: NodeJS.ProcessEnv = process.env,
): SiteConfig {
  const fromSchema = schemaProblems(SiteSchema, raw, path);
  const code = new Reader();
  const site = buildSite(code, take.object(raw), path, baseDir, env);
  r.problems.push(...byKeyPath([...fromSchema, ...code.problems]));
  return site;
}

function buildSite(
  r: Reader,
  site: Record<string, unknown>,
  path: string,
  baseDir: string,
  env: NodeJS.ProcessEnv,
): SiteConfig {
  const id = take.string(site.id, '');
  const p = take.object(site.policies);
  const policies: SiteConfig['policies'] = {
    emailVerification: take.oneOf(p.emailVerification, ['off', 'required'] as const, 'off'),
    memberApproval: take.oneOf(p.memberApproval, ['auto', 'manual'] as const, 'auto'),
    captcha: take.oneOf(p.captcha, ['off', 'altcha', 'recaptcha'] as const, 'off'),
  };
  if (p.mfa !== undefined) policies.mfa = take.oneOf(p.mfa, ['off', 'optional', 'required'] as const, 'optional');
  if (p.mfaFactors !== undefined) {
    const factors = take.list(p.mfaFactors);
    policies.mfaFactors = factors.map((f) => take.oneOf(f, MFA_FACTORS, 'TOTP'));
    if (Array.isArray(p.mfaFactors) && !factors.length && policies.mfa === 'required')
      r.fail(`${path}.policies.mfaFactors`, 'must name at least one factor when mfa is "required"');
  }
  if (p.recaptcha !== undefined) {
    const rc = take.object(p.recaptcha);
    policies.recaptcha = {
      secret: take.string(rc.secret, ''),
      verifyUrl: take.string(rc.verifyUrl, 'https://www.google.com/recaptcha/api/siteverify'),
    };
  }

  const t = take.object(site.tokens);
  const tokens = {
    accessTokenTtl: take.integer(t.accessTokenTtl, DEFAULT_TOKENS.accessTokenTtl),
    visitorRefreshTtl: take.integer(t.visitorRefreshTtl, DEFAULT_TOKENS.visitorRefreshTtl),
    memberSessionTtl: take.integer(t.memberSessionTtl, DEFAULT_TOKENS.memberSessionTtl),
    memberIdleTtl: DEFAULT_TOKENS.memberIdleTtl,
  };
  readSessions(r, take.object(site.sessions), `${path}.sessions`, tokens, t.memberSessionTtl !== undefined);

  const clients = take.list(site.clients).map((c, i) => buildClient(r, take.object(c), `${path}.clients[${i}]`));
  const apiKeys = take
    .list(site.apiKeys)
    .map((k) => ({ name: take.string(take.object(k).name, ''), key: take.string(take.object(k).key, '') }));
  const collections = take
    .list(site.collections)
    .map((c, i) => buildCollection(r, take.object(c), `${path}.collections[${i}]`, baseDir));
  checkReferenceTargets(r, collections, `${path}.collections`);
  const graphql = buildGraphql(site.graphql);
  const webhooks = buildSiteWebhooks(r, site.webhooks, `${path}.webhooks`);
  const identityProviders = buildIdentityProviders(r, site.identityProviders, `${path}.identityProviders`, env);
  const languages = buildLanguages(r, site.languages, `${path}.languages`);
  const phone = buildPhone(r, site.phone, `${path}.phone`, env);
  const shipping = buildShipping(r, site.shipping, `${path}.shipping`);
  const push = buildPush(r, site.push, `${path}.push`, env);
  const mail = buildMail(site.mail);
  return {
    id,
    name: take.string(site.name, id),
    policies,
    tokens,
    clients,
    apiKeys,
    collections,
    webhooks,
    identityProviders,
    languages,
    ...(phone ? { phone } : {}),
    ...(mail ? { mail } : {}),
    ...(shipping ? { shipping } : {}),
    ...(site.shop !== undefined ? { shop: take.object(site.shop) as SiteConfig['shop'] } : {}),
    ...(push ? { push } : {}),
    ...(site.brand !== undefined ? { brand: take.object(site.brand) as SiteConfig['brand'] } : {}),
    ...(graphql ? { graphql } : {}),
  };
}

/**
 * `sessions: { absoluteDays, idleDays }`: the member-session lifetimes in days (defaults 30 and 7;
 * idleDays 0 turns the idle timeout off). absoluteDays is the newer name of `tokens.memberSessionTtl`,
 * and bounds idleDays, a range the schema cannot state.
 */
function readSessions(
  r: Reader,
  s: Record<string, unknown>,
  path: string,
  tokens: SiteConfig['tokens'],
  ttlGiven: boolean,
): void {
  if (s.absoluteDays !== undefined) {
    if (ttlGiven)
      r.fail(
        `${path}.absoluteDays`,
        'and tokens.memberSessionTtl set the same lifetime: keep only sessions.absoluteDays',
      );
    tokens.memberSessionTtl = take.integer(s.absoluteDays, 30) * 86_400;
  }
  if (s.idleDays !== undefined) {
    const absoluteDays = Math.max(1, Math.floor(tokens.memberSessionTtl / 86_400));
    if (typeof s.idleDays === 'number' && s.idleDays > absoluteDays) {
      r.fail(
        `${path}.idleDays`,
        `must not be longer than the absolute lifetime of ${absoluteDays} days (got ${s.idleDays})`,
      );
    } else {
      tokens.memberIdleTtl = r.integer(s.idleDays, `${path}.idleDays`, 7, 0, absoluteDays) * 86_400;
    }
  }
}

function buildClient(r: Reader, c: Record<string, unknown>, path: string): ClientConfig {
  const allowedOrigins = take.list(c.allowedOrigins).map((u, i) => {
    const origin = take.string(u, '');
    if (URL.canParse(origin) && new URL(origin).origin !== origin)
      r.fail(
        `${path}.allowedOrigins[${i}]`,
        `must be a bare origin such as "${new URL(origin).origin}" (got "${origin}")`,
      );
    return origin;
  });
  return {
    clientId: take.string(c.clientId, ''),
    redirectUris: take.list(c.redirectUris).map((u) => take.string(u, '')),
    allowedOrigins,
    refreshTokenRotation: take.boolean(c.refreshTokenRotation, true),
  };
}

function buildCollection(r: Reader, c: Record<string, unknown>, path: string, baseDir: string): CollectionConfig {
  const perms = take.object(c.permissions);
  const level = (op: string) => take.oneOf(perms[op], PERMISSION_LEVELS, 'ADMIN');
  const fields = buildFields(r, c.fields, `${path}.fields`);
  const strict = checkStrict(r, c.strict, `${path}.strict`, fields);
  const translatable = buildTranslatable(r, c.translatable, `${path}.translatable`, fields);
  const indexes = buildIndexes(r, c.indexes, `${path}.indexes`, fields);
  return {
    id: take.string(c.id, ''),
    permissions: { read: level('read'), insert: level('insert'), update: level('update'), remove: level('remove') },
    seed: readSeed(r, c.seed, `${path}.seed`, baseDir),
    ...(fields ? { fields } : {}),
    ...(strict !== undefined ? { strict } : {}),
    ...(translatable ? { translatable } : {}),
    ...(indexes ? { indexes } : {}),
  };
}

/** A seed file is only known once read, so its items are checked here rather than by the schema. */
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
