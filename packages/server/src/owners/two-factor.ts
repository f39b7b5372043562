import type { ServerConfig } from '../config/types.js';
import {
  matchingTotpStep,
  newTotpSecret as newSecret,
  protectTotpSecret,
  revealTotpSecret,
  totpUri,
} from '../security/index.js';
import type { Owner } from './store.js';

/**
 * Authenticator-app codes for owners (RFC 6238: SHA-1, 6 digits, 30 s, one step of clock drift either
 * way), through the TOTP helper members' second factors use too (security/totp.ts). The secret is
 * sealed with VITRINE_KEY_ENCRYPTION_KEY when it is set; each code works once.
 */
const SEAL_CONTEXT = 'owner-totp';

export const newTotpSecret = newSecret;

export function protectSecret(config: Pick<ServerConfig, 'keyEncryptionKey'>, base32: string): string {
  return protectTotpSecret(config, base32, SEAL_CONTEXT);
}

/** The `otpauth://` URI an authenticator app scans (or the owner types the secret). */
export function enrolmentUri(email: string, base32: string): string {
  return totpUri('Vitrine console', email, base32);
}

/**
 * The time step of a valid code for the owner's stored secret, or undefined. The caller claims the step
 * (store.claimTotpStep) so the same code cannot be replayed.
 */
export function matchingStep(
  config: Pick<ServerConfig, 'keyEncryptionKey'>,
  owner: Owner,
  code: unknown,
  now: number,
): number | undefined {
  if (!owner.totpSecret) return undefined;
  return matchingTotpStep(revealTotpSecret(config, owner.totpSecret, SEAL_CONTEXT), code, now);
}
