import type { PhoneConfig, PhoneLimits, ServerConfig, SiteConfig } from '../config/types.js';
import { take, type Reader } from '../config/validate.js';
import { isSecret } from '../webhooks/signing.js';

/**
 * Toll-fraud limits (issue #32): codes sent per day per number, per client address, per member and per
 * site, and the wait before another code to the same factor. Text-message pumping costs shops money;
 * these stop a script long before the bill grows.
 */
export const DEFAULT_PHONE_LIMITS: PhoneLimits = {
  perNumberPerDay: 8,
  perAddressPerDay: 20,
  perMemberPerDay: 10,
  perSitePerDay: 1000,
  resendSeconds: 60,
};

export const DEV_PHONE: PhoneConfig = {
  provider: { kind: 'dev' },
  allowedCountries: [],
  limits: DEFAULT_PHONE_LIMITS,
};

/**
 * `sites[].phone`: the shape is schema/phone.ts's; here what depends on the provider and the
 * environment. The Twilio auth token is `authToken` (typed in the console, sealed), or read at start from
 * the variable `authTokenEnv` names (the config file's alone; default TWILIO_AUTH_TOKEN).
 */
export function buildPhone(
  r: Reader,
  raw: unknown,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): PhoneConfig | undefined {
  if (raw === undefined) return undefined;
  const o = take.object(raw);
  const l = take.object(o.limits);
  const limits: PhoneLimits = {
    perNumberPerDay: take.integer(l.perNumberPerDay, DEFAULT_PHONE_LIMITS.perNumberPerDay),
    perAddressPerDay: take.integer(l.perAddressPerDay, DEFAULT_PHONE_LIMITS.perAddressPerDay),
    perMemberPerDay: take.integer(l.perMemberPerDay, DEFAULT_PHONE_LIMITS.perMemberPerDay),
    perSitePerDay: take.integer(l.perSitePerDay, DEFAULT_PHONE_LIMITS.perSitePerDay),
    resendSeconds: take.integer(l.resendSeconds, DEFAULT_PHONE_LIMITS.resendSeconds),
  };
  const allowedCountries = take.list(o.allowedCountries).map((c) => take.string(c, ''));
  const kind = take.string(o.provider, 'dev');
  let provider: PhoneConfig['provider'] = { kind: 'dev' };
  if (kind === 'twilio') {
    const authToken = readAuthToken(r, o, path, env);
    const from = take.string(o.from, undefined);
    const messagingServiceSid = take.string(o.messagingServiceSid, undefined);
    if (!from && !messagingServiceSid)
      r.fail(`${path}.from`, 'is required with provider "twilio" unless messagingServiceSid is set');
    provider = {
      kind: 'twilio',
      accountSid: take.string(o.accountSid, ''),
      authToken,
      from,
      messagingServiceSid,
      whatsappFrom: take.string(o.whatsappFrom, undefined),
      apiBaseUrl: take.string(o.apiBaseUrl, 'https://api.twilio.com').replace(/\/+$/, ''),
    };
    if (!o.accountSid) r.fail(`${path}.accountSid`, 'is required with provider "twilio" (the Account SID, "AC…")');
  } else if (kind === 'webhook') {
    const secret = take.string(o.secret, '');
    if (!o.url) r.fail(`${path}.url`, 'is required with provider "webhook" (the shop\'s endpoint)');
    if (!isSecret(secret))
      r.fail(
        `${path}.secret`,
        'is required with provider "webhook": "whsec_" followed by the base64 of 24 to 64 random bytes',
      );
    provider = { kind: 'webhook', url: take.string(o.url, ''), secret };
  }
  return { provider, allowedCountries, limits };
}

/** `authToken`, or the variable `authTokenEnv` names (TWILIO_AUTH_TOKEN when neither is given). */
function readAuthToken(r: Reader, o: Record<string, unknown>, path: string, env: NodeJS.ProcessEnv): string {
  if (o.authToken !== undefined && o.authTokenEnv !== undefined) {
    r.fail(`${path}.authTokenEnv`, 'and authToken both give the Twilio auth token: keep only one');
    return '';
  }
  if (o.authToken !== undefined) return take.string(o.authToken, '');
  const tokenEnv = take.string(o.authTokenEnv, 'TWILIO_AUTH_TOKEN');
  const authToken = env[tokenEnv] ?? '';
  if (!authToken)
    r.fail(
      tokenEnv,
      `must hold the Twilio auth token of ${path} (the account's, or an API key secret), or give ${path}.authToken`,
    );
  return authToken;
}

/**
 * The production rule: the dev phone shows every code to anyone, so it never runs there. Checked at start
 * (config-files/load.ts) and whenever the console rebuilds a site (settings/effective.ts), in the same words.
 */
export function checkPhoneInProduction(r: Reader, sites: SiteConfig[], production: boolean): void {
  sites.forEach((site, i) => checkSitePhoneInProduction(r, site, `sites[${i}]`, production));
}

export function checkSitePhoneInProduction(r: Reader, site: SiteConfig, path: string, production: boolean): void {
  if (!production) return;
  if (site.phone?.provider.kind === 'dev')
    r.fail(`${path}.phone.provider`, 'must not be "dev" when NODE_ENV=production (use "twilio" or "webhook")');
  const phoneFactors = (site.policies.mfaFactors ?? []).filter((f) => f === 'SMS' || f === 'CALL');
  if (phoneFactors.length && !site.phone)
    r.fail(`${path}.phone`, `is required for ${phoneFactors.join(' and ')} in policies.mfaFactors`);
}

/** The site's phone delivery: its own, else the dev phone outside production, else none (no phone factors). */
export function phoneOf(site: SiteConfig, config: Pick<ServerConfig, 'production'>): PhoneConfig | undefined {
  return site.phone ?? (config.production ? undefined : DEV_PHONE);
}
