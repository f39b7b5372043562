import { createRequire } from 'node:module';
import type * as OtpAuth from 'otpauth';
import type { ServerConfig } from '../config/types.js';
import { isSealed, seal, unseal } from './key-encryption.js';

/**
 * Authenticator-app codes (RFC 6238: HMAC-SHA-1, 6 digits, 30 s steps, one step of clock drift either
 * way), shared by members' second factors and owners' two-factor sign-in. Secrets are Base32 text,
 * sealed with VITRINE_KEY_ENCRYPTION_KEY when it is set; `context` binds a sealed secret to its use.
 * A matching code yields its time step: the caller stores the last accepted step so a code works once.
 */
export const TOTP_PERIOD_SECONDS = 30;

type KeyConfig = Pick<ServerConfig, 'keyEncryptionKey'>;

// Loaded at the first authenticator code, not at start (docs/operating.md → Memory of the embedded database).
let otpauth: typeof OtpAuth | undefined;
const library = () => (otpauth ??= createRequire(import.meta.url)('otpauth') as typeof OtpAuth);

const totpFor = (issuer: string, label: string, base32: string) =>
  new (library().TOTP)({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: library().Secret.fromBase32(base32),
  });

/** 160 random bits (RFC 4226's recommended length) as Base32. */
export function newTotpSecret(): string {
  return new (library().Secret)({ size: 20 }).base32;
}

export function protectTotpSecret(config: KeyConfig, base32: string, context: string): string {
  return config.keyEncryptionKey ? seal(config.keyEncryptionKey, base32, context) : base32;
}

export function revealTotpSecret(config: KeyConfig, stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  if (!config.keyEncryptionKey) throw new Error('A TOTP secret is sealed but VITRINE_KEY_ENCRYPTION_KEY is not set');
  return unseal(config.keyEncryptionKey, stored, context).toString('utf8');
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export function totpUri(issuer: string, label: string, base32: string): string {
  return totpFor(issuer, label, base32).toString();
}

/** The time step of `code` for the secret at `now` (±1 step), or undefined when it does not match. */
export function matchingTotpStep(base32: string, code: unknown, now: number): number | undefined {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return undefined;
  const totp = totpFor('', 'x', base32);
  const delta = totp.validate({ token: code.trim(), timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}
