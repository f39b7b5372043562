import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../test-support/boot.js';
import { ConfigError } from '../../config/validate.js';
import { allowedFactors, mfaMode, parseFactorType } from './policy.js';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-mfa-config-'));
function load(policies: Record<string, unknown>) {
  const path = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
  const site = {
    id: 'shop',
    policies,
    clients: [
      { clientId: 'web', redirectUris: ['https://shop.example/callback'], allowedOrigins: ['https://shop.example'] },
    ],
  };
  writeFileSync(path, JSON.stringify({ publicUrl: 'https://shop.example', sites: [site] }));
  return loadConfig({ configPath: path, env: {}, dataDir: dir });
}
const problems = (policies: Record<string, unknown>): string[] => {
  try {
    load(policies);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('policies.mfa and policies.mfaFactors', () => {
  it('default to optional with TOTP, EMAIL and WEBAUTHN', () => {
    const site = load({}).sites[0]!;
    expect([mfaMode(site), allowedFactors(site)]).toEqual(['optional', ['TOTP', 'EMAIL', 'WEBAUTHN']]);
    const strict = load({ mfa: 'required', mfaFactors: ['WEBAUTHN'] }).sites[0]!;
    expect([mfaMode(strict), allowedFactors(strict)]).toEqual(['required', ['WEBAUTHN']]);
  });

  it('name the bad key and what is allowed', () => {
    expect(problems({ mfa: 'always' })).toEqual([
      'sites[0].policies.mfa must be one of "off", "optional", "required" (got "always")',
    ]);
    expect(problems({ mfaFactors: ['TOTP', 'FAX'] })).toEqual([
      'sites[0].policies.mfaFactors[1] must be one of "TOTP", "EMAIL", "WEBAUTHN", "SMS", "CALL", "PUSH" (got "FAX")',
    ]);
    expect(problems({ mfa: 'required', mfaFactors: [] })).toEqual([
      'sites[0].policies.mfaFactors must name at least one factor when mfa is "required"',
    ]);
  });
});

describe('factor types of a verify call', () => {
  it('accepts any case and refuses what this server cannot deliver', () => {
    expect(
      ['totp', 'Email', 'WEBAUTHN', 'recovery_code', 'recovery-code', 'sms', 'Call', 'push'].map(parseFactorType),
    ).toEqual(['TOTP', 'EMAIL', 'WEBAUTHN', 'RECOVERY_CODE', 'RECOVERY_CODE', 'SMS', 'CALL', 'PUSH']);
    expect(() => parseFactorType('password')).toThrow(expect.objectContaining({ code: 'FACTOR_NOT_AVAILABLE' }));
    expect(() => parseFactorType(undefined)).toThrow(expect.objectContaining({ code: 'INVALID_FACTOR_TYPE' }));
  });
});
