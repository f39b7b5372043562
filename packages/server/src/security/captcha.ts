import { hkdfSync } from 'node:crypto';
import { createChallenge, verifySolution, extractParams } from 'altcha-lib/v1';
import type { SiteConfig } from '../config/types.js';
import { appError } from '../errors/catalogue.js';
import { outboundFetch, type OutboundFetch } from '../http/outbound/index.js';
import type { Queryable } from '../store/types.js';

/**
 * Captcha per site (docs/design.md §3): `off`, `altcha` (self-hosted proof of work) or `recaptcha`
 * (verified server-side against `verifyUrl`). Tokens arrive in `captchaTokens` as in docs/wire-format.md
 * §6.2: `[{Recaptcha, InvisibleRecaptcha}]`, and for altcha an `Altcha` entry beside them.
 */
export type CaptchaOutcome = 'ok' | 'missing' | 'invalid';

export const captchaMissing = () => appError('CAPTCHA_REQUIRED');
export const captchaInvalid = () => appError('CAPTCHA_INVALID');

export const ALTCHA_MAX_NUMBER = 100_000;
const ALTCHA_TTL_MS = 10 * 60 * 1000;

/** Finds the first string under any of `keys` in the captchaTokens list; anything malformed counts as absent. */
export function pickToken(captchaTokens: unknown, keys: readonly string[]): string | undefined {
  if (!Array.isArray(captchaTokens)) return undefined;
  for (const entry of captchaTokens.slice(0, 10)) {
    if (!entry || typeof entry !== 'object') continue;
    for (const key of keys) {
      const value = (entry as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.length > 0 && value.length <= 8192) return value;
    }
  }
  return undefined;
}

export interface CaptchaDeps {
  db: Queryable;
  /** Server secret the altcha HMAC key derives from (every instance must share it). */
  secret: string;
  now: () => number;
  /**
   * The operator's `webhooks.allowPrivateNetworks` (outboundPolicy(ctx.config)): `verifyUrl` is fetched
   * through the outbound client (http/outbound/), so it reaches a private address only with it (audit V5-7).
   */
  allowPrivateNetworks: boolean;
  log?: { warn(obj: object, msg: string): void };
}

// Google's answer is a few hundred bytes of JSON.
const RECAPTCHA_ANSWER_BYTES = 16 * 1024;

export class CaptchaVerifier {
  private readonly hmacKey: string;
  private readonly fetch: OutboundFetch;
  constructor(private readonly deps: CaptchaDeps) {
    this.hmacKey = Buffer.from(hkdfSync('sha256', deps.secret, 'vitrine', 'altcha-hmac-key', 32)).toString('hex');
    this.fetch = outboundFetch({
      allowPrivateNetworks: deps.allowPrivateNetworks,
      timeoutMs: 5000,
      maxResponseBytes: RECAPTCHA_ANSWER_BYTES,
    });
  }

  async altchaChallenge(): Promise<Record<string, unknown>> {
    const challenge = await createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: ALTCHA_MAX_NUMBER,
      expires: new Date(this.deps.now() + ALTCHA_TTL_MS),
    });
    return { ...challenge };
  }

  async check(site: SiteConfig, captchaTokens: unknown, remoteIp: string | undefined): Promise<CaptchaOutcome> {
    const mode = site.policies.captcha;
    if (mode === 'off') return 'ok';
    if (mode === 'altcha') {
      const payload = pickToken(captchaTokens, ['Altcha', 'altcha']);
      if (!payload) return 'missing';
      return (await this.verifyAltcha(payload)) ? 'ok' : 'invalid';
    }
    const token = pickToken(captchaTokens, ['Recaptcha', 'InvisibleRecaptcha']);
    if (!token) return 'missing';
    return (await this.verifyRecaptcha(site, token, remoteIp)) ? 'ok' : 'invalid';
  }

  /** Throws the contract's -19971 / -19970 application errors unless the tokens pass. */
  async require(site: SiteConfig, captchaTokens: unknown, remoteIp: string | undefined): Promise<void> {
    const outcome = await this.check(site, captchaTokens, remoteIp);
    if (outcome === 'missing') throw captchaMissing();
    if (outcome === 'invalid') throw captchaInvalid();
  }

  private async verifyAltcha(payload: string): Promise<boolean> {
    let ok = false;
    try {
      ok = await verifySolution(payload, this.hmacKey, true);
    } catch {
      return false;
    }
    if (!ok) return false;
    // A solution is good once: record its signature until the challenge would have expired anyway.
    // The HMAC key and the challenge endpoint serve every site, so the record does too (audit F-16).
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature: string };
    const expires = Number(extractParams(payload).expires ?? 0) * 1000 || this.deps.now() + ALTCHA_TTL_MS;
    await this.deps.db.query('delete from captcha_spent where expires_at < $1', [new Date(this.deps.now())]);
    const spent = await this.deps.db.query(
      `insert into captcha_spent (site_id, signature, expires_at) values ('*', $1, $2) on conflict do nothing`,
      [String(decoded.signature), new Date(expires)],
    );
    return spent.rowCount === 1;
  }

  private async verifyRecaptcha(site: SiteConfig, token: string, remoteIp: string | undefined): Promise<boolean> {
    const config = site.policies.recaptcha;
    if (!config) return false;
    const body = new URLSearchParams({ secret: config.secret, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const response = await this.fetch(config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      if (!response.ok) return false;
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch (error) {
      // Fail closed: an unreachable or refused verifier must not let unverified requests through. The
      // outbound client's words never name the address the verifier resolved to.
      this.deps.log?.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'recaptcha verification unavailable',
      );
      return false;
    }
  }
}
