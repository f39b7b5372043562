import { Secret, TOTP } from 'otpauth';
import type { ServerConfig } from '../config/types.js';
import { isSealed, seal, unseal } from '../security/key-encryption.js';
import type { Owner } from './store.js';

/**
 * Authenticator-app codes for owners (RFC 6238: SHA-1, 6 digits, 30 s, one step of clock drift either
 * way). The secret is sealed with VITRINE_KEY_ENCRYPTION_KEY when it is set; each code works once.
 */
const SEAL_CONTEXT = 'owner-totp';

const totpFor = (email: string, base32: string) =>
  new TOTP({ issuer: 'Vitrine console', label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(base32) });

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function protectSecret(config: Pick<ServerConfig, 'keyEncryptionKey'>, base32: string): string {
  return config.keyEncryptionKey ? seal(config.keyEncryptionKey, base32, SEAL_CONTEXT) : base32;
}

function revealSecret(config: Pick<ServerConfig, 'keyEncryptionKey'>, stored: string): string {
  if (!isSealed(stored)) return stored;
  if (!config.keyEncryptionKey) throw new Error('An owner two-factor secret is sealed but VITRINE_KEY_ENCRYPTION_KEY is not set');
  return unseal(config.keyEncryptionKey, stored, SEAL_CONTEXT).toString('utf8');
}

/** The `otpauth://` URI an authenticator app scans (or the owner types the secret). */
export function enrolmentUri(email: string, base32: string): string {
  return totpFor(email, base32).toString();
}

/**
 * The time step of a valid code for the owner's stored secret, or undefined. The caller claims the step
 * (store.claimTotpStep) so the same code cannot be replayed.
 */
export function matchingStep(config: Pick<ServerConfig, 'keyEncryptionKey'>, owner: Owner, code: unknown, now: number): number | undefined {
  if (!owner.totpSecret || typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return undefined;
  const totp = totpFor(owner.email, revealSecret(config, owner.totpSecret));
  const delta = totp.validate({ token: code.trim(), timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

