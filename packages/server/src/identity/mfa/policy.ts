import type { SiteConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';

/** The factor types a member can enrol (docs/wire-format.md §6.4 FactorType); RECOVERY_CODE comes with them. */
export type EnrollableFactor = 'TOTP' | 'EMAIL' | 'WEBAUTHN' | 'SMS' | 'CALL' | 'PUSH';
export const PHONE_FACTORS = ['SMS', 'CALL'] as const;
export const isPhoneFactor = (type: string): type is 'SMS' | 'CALL' => type === 'SMS' || type === 'CALL';
export type SecondFactorType = EnrollableFactor | 'RECOVERY_CODE';

export const DEFAULT_MFA_FACTORS: readonly EnrollableFactor[] = ['TOTP', 'EMAIL', 'WEBAUTHN'];

/** `policies.mfa`: "off" (no second step), "optional" (members choose; the default), "required". */
export const mfaMode = (site: SiteConfig): 'off' | 'optional' | 'required' => site.policies.mfa ?? 'optional';

/** Explicit `policies.mfaFactors`, else the defaults, with SMS and CALL when the site sets up `phone`, PUSH with `push`. */
export const allowedFactors = (site: SiteConfig): readonly EnrollableFactor[] =>
  site.policies.mfaFactors ?? [
    ...DEFAULT_MFA_FACTORS,
    ...(site.phone ? PHONE_FACTORS : []),
    ...(site.push ? (['PUSH'] as const) : []),
  ];

export const factorNotAvailable = (type: string) =>
  appError('FACTOR_NOT_AVAILABLE', {
    description: `The ${type} factor is not available on this server; use TOTP, EMAIL, WEBAUTHN, SMS, CALL, PUSH or RECOVERY_CODE`,
    data: { factorType: type },
  });

/**
 * The factor type of a verify call: from the path (`totp`, `recovery_code`, any case) or the body.
 * PASSWORD is the first factor (`/v2/login`).
 */
export function parseFactorType(raw: unknown): SecondFactorType {
  const type = typeof raw === 'string' ? raw.trim().toUpperCase().replace(/-/g, '_') : '';
  if (['TOTP', 'EMAIL', 'WEBAUTHN', 'RECOVERY_CODE', 'SMS', 'CALL', 'PUSH'].includes(type))
    return type as SecondFactorType;
  if (type === 'PASSWORD')
    throw appError('FACTOR_NOT_AVAILABLE', {
      description: 'PASSWORD is the first factor: sign in with /_api/iam/authentication/v2/login',
      data: { factorType: type },
    });
  throw appError('INVALID_FACTOR_TYPE', { data: { factorType: String(raw ?? '') } });
}
