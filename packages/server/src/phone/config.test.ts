import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../test-support/boot.js';
import { ConfigError } from '../config/validate.js';
import { DEFAULT_PHONE_LIMITS, phoneOf } from './config.js';
import { maskPhone, parsePhone } from './numbers.js';

/** `sites[].phone` is validated at start like the rest of the config (issue #32). */
const dir = mkdtempSync(join(tmpdir(), 'vitrine-phone-config-'));
const client = { clientId: 'web', redirectUris: ['https://shop.example/cb'], allowedOrigins: ['https://shop.example'] };
function load(phone: unknown, env: NodeJS.ProcessEnv = {}, extra: Record<string, unknown> = {}) {
  const path = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify({ sites: [{ id: 'shop', clients: [client], phone, ...extra }] }));
  return loadConfig({ configPath: path, env, dataDir: dir, ephemeral: true });
}
function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
const SID = `AC${'0f'.repeat(16)}`;

describe('sites[].phone', () => {
  it('twilio: the auth token from the named variable, a sender or a messaging service, defaults for the limits', () => {
    const site = load(
      {
        provider: 'twilio',
        accountSid: SID,
        authTokenEnv: 'SHOP_TWILIO_TOKEN',
        from: '+33700000001',
        allowedCountries: ['FR'],
      },
      { SHOP_TWILIO_TOKEN: 'tok' },
    ).sites[0]!;
    expect(site.phone).toEqual({
      provider: {
        kind: 'twilio',
        accountSid: SID,
        authToken: 'tok',
        from: '+33700000001',
        messagingServiceSid: undefined,
        whatsappFrom: undefined,
        apiBaseUrl: 'https://api.twilio.com',
      },
      allowedCountries: ['FR'],
      limits: DEFAULT_PHONE_LIMITS,
    });
  });

  it('twilio: or the auth token itself (what an owner types in the console), never both', () => {
    const phone = { provider: 'twilio', accountSid: SID, from: '+33700000001' };
    const site = load({ ...phone, authToken: 'typed-token' }, { TWILIO_AUTH_TOKEN: 'env-token' }).sites[0]!;
    expect(site.phone!.provider).toMatchObject({ kind: 'twilio', authToken: 'typed-token' });
    expect(problems(() => load({ ...phone, authToken: 'typed', authTokenEnv: 'SHOP_TWILIO_TOKEN' }))).toEqual([
      'sites[0].phone.authTokenEnv and authToken both give the Twilio auth token: keep only one',
    ]);
  });

  it('names every mistake at start', () => {
    expect(problems(() => load({ provider: 'twilio', accountSid: 'nope' }))).toEqual(
      expect.arrayContaining([
        'sites[0].phone.accountSid must be an Account SID ("AC" and 32 hex digits) (got "nope")',
        expect.stringMatching(/^TWILIO_AUTH_TOKEN must hold the Twilio auth token/),
        'sites[0].phone.from is required with provider "twilio" unless messagingServiceSid is set',
      ]),
    );
    expect(problems(() => load({ provider: 'webhook', url: 'https://gw.example/sms', secret: 'short' }))).toEqual([
      'sites[0].phone.secret is required with provider "webhook": "whsec_" followed by the base64 of 24 to 64 random bytes',
    ]);
    expect(problems(() => load({ provider: 'carrier-pigeon', limits: { perSitePerDay: 0, daily: 1 } }))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sites\[0\]\.phone\.provider must be one of "twilio", "webhook", "dev"/),
        expect.stringMatching(/^sites\[0\]\.phone\.limits\.perSitePerDay /),
        expect.stringMatching(/^sites\[0\]\.phone\.limits\.daily is not a known key/),
      ]),
    );
  });

  it('the dev phone: the default in development, refused in production', () => {
    const dev = load(undefined);
    expect(phoneOf(dev.sites[0]!, dev)).toMatchObject({ provider: { kind: 'dev' } });
    expect(
      problems(() => load({ provider: 'dev' }, { NODE_ENV: 'production', VITRINE_ADMIN_KEY: 'k'.repeat(32) })),
    ).toContain('sites[0].phone.provider must not be "dev" when NODE_ENV=production (use "twilio" or "webhook")');
    const prod = problems(() =>
      load(
        undefined,
        { NODE_ENV: 'production', VITRINE_ADMIN_KEY: 'k'.repeat(32) },
        { policies: { mfaFactors: ['SMS'] } },
      ),
    );
    expect(prod).toContain('sites[0].phone is required for SMS in policies.mfaFactors');
  });
});

describe('phone numbers', () => {
  it('E.164 parsed by libphonenumber; masked to the country code and the last two digits', () => {
    expect(parsePhone('+33 6 12 34 56 78', [])).toEqual({ e164: '+33612345678', country: 'FR' });
    expect(parsePhone('+1 (201) 555-0123', [])).toEqual({ e164: '+12015550123', country: 'US' });
    expect(() => parsePhone('+33 1', [])).toThrow();
    expect(() => parsePhone('+12015550123', ['FR'])).toThrow(/must be a number of FR/);
    expect(maskPhone('+33612345678')).toBe('+33 •• •• •• 78');
    expect(maskPhone('+12015550123')).toBe('+1 •• •• •• 23');
  });
});
