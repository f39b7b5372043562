import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { passwordHashing } from './passwords.js';

/**
 * Hashing for lookup secrets the server makes itself (recovery codes; audit S-11, ASVS 5.0 6.5.2):
 * argon2id with a random 16-byte salt, lighter than the password parameters (m = 4 MiB, t = 2 against
 * 19 MiB, t = 2). The OWASP password parameters are sized for secrets people choose, which a
 * dictionary reaches in millions of guesses; a recovery code is 49.5 random bits, so an attacker holding
 * a database copy still has to compute about 2^48 hashes per code, each with its own salt. A member's
 * recovery codes are checked ten at a time on every recovery-code answer, and on this machine the
 * password parameters took about 80 ms a hash there (800 ms an answer), these about 3–9 ms.
 * Online guessing is bounded by the second step's limits (identity/mfa/lockout.ts), not by this cost.
 * The computations share the password hashes' slots (security/hash-slots.ts), first come first served.
 */
export const LOOKUP_SECRET_PARAMS = {
  algorithm: 2 as Algorithm, // Argon2id
  memoryCost: 4096,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashLookupSecret(secret: string): Promise<string> {
  return passwordHashing.run(() => hash(secret, LOOKUP_SECRET_PARAMS));
}

/** False for a wrong secret and for a stored value that is not an argon2 string (fails closed). */
export async function verifyLookupSecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await passwordHashing.run(() => verify(stored, secret));
  } catch {
    return false;
  }
}
