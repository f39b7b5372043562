import { hash, verify, parseOptions, type Algorithm } from '@node-rs/argon2';
import type { FieldViolation } from '../errors/wire.js';
import { isCommonPassword } from './common-passwords.js';
import { exceedsWorkCaps, verifyForeignHash } from './foreign-hashes.js';
import { workSlots } from '../concurrency/work-slots.js';
import { defaultHashSlots } from './hash-slots.js';

/**
 * Password hashing with argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1).
 * @node-rs/argon2 computes on the libuv thread pool, so hashing never blocks the event loop.
 */
export const PASSWORD_PARAMS = {
  // 2 is Argon2id in the native enum; the const enum cannot be referenced under isolatedModules.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound checked before hashing so a huge body cannot buy expensive work; well above the 64 ASVS asks for. */
export const PASSWORD_MAX_LENGTH = 256;
/** Read after "Password " on the hosted pages and after "password: " in the validation message. */
export const COMMON_PASSWORD_MESSAGE = 'is one of the most commonly used passwords; choose another';
export const CONTEXT_PASSWORD_MESSAGE = "must not be the shop's name or your email address; choose another";

/** Every hash and verify of the process takes one of its slots (as many as security/hash-slots.ts says). */
export const passwordHashing = workSlots(defaultHashSlots());

export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, PASSWORD_PARAMS));
}

/** A hash of a random password, computed once: unknown accounts verify against it so timing matches. */
let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}

/**
 * Verifies `password` against `stored`; when `stored` is missing a decoy hash is verified instead,
 * so "no such account" costs the same time as "wrong password" and always answers false.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  // Work over the caps (an imported or planted argon2 string too, audit V5-8) fails closed, uncomputed.
  if (stored && exceedsWorkCaps(stored)) return false;
  // Imported from another system (bcrypt, PBKDF2, scrypt, Firebase): verified once, then rehashed.
  if (stored && !stored.startsWith('$argon2')) {
    const foreign = await passwordHashing.run(() => verifyForeignHash(stored, password)).catch(() => false);
    if (foreign !== undefined) return foreign;
  }
  const target = stored ?? (await decoyHash());
  let ok: boolean;
  try {
    ok = await passwordHashing.run(() => verify(target, password));
  } catch {
    ok = false; // a corrupt stored hash fails closed
  }
  return stored ? ok : false;
}

/** True when `stored` was made with weaker parameters than today's and should be replaced on next login. */
export function needsRehash(stored: string): boolean {
  try {
    const p = parseOptions(stored);
    return (
      (p.algorithm as number) !== (PASSWORD_PARAMS.algorithm as number) ||
      p.memoryCost < PASSWORD_PARAMS.memoryCost ||
      p.timeCost < PASSWORD_PARAMS.timeCost
    );
  } catch {
    return true;
  }
}

/** What a password must not be for this account: the shop's name, the email address or its local part. */
export interface PasswordContext {
  siteName?: string | undefined;
  email?: string | undefined;
}

const violation = (
  field: string,
  description: string,
  ruleName: string,
  data: Record<string, unknown> = {},
): FieldViolation => ({
  field,
  description,
  violatedRule: 'PASSWORD_POLICY',
  ruleName,
  data,
});

// Case and spacing do not make a name a different password.
const fold = (value: string) => value.toLowerCase().replace(/\s+/gu, '');

function isContextPassword(password: string, context: PasswordContext): boolean {
  const email = context.email?.trim();
  const terms = [context.siteName, email, email?.slice(0, email.lastIndexOf('@'))];
  const folded = fold(password);
  return terms.some((term) => term !== undefined && fold(term).length > 0 && fold(term) === folded);
}

/**
 * The password policy (NIST 800-63B / ASVS 6.2): 8 to 256 characters, no composition rules, no
 * truncation; not one of the most common passwords (security/common-passwords.ts); not the shop's
 * name or the member's email address when `context` tells them.
 * Length counts Unicode code points, not UTF-16 units, so emoji count once.
 */
export function passwordViolation(
  password: unknown,
  field = 'password',
  context: PasswordContext = {},
): FieldViolation | undefined {
  if (typeof password !== 'string' || password.length === 0) {
    return { field, description: 'is required', violatedRule: 'REQUIRED_FIELD', ruleName: 'REQUIRED', data: {} };
  }
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return {
      field,
      description: `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
      violatedRule: 'MIN_LENGTH',
      ruleName: 'VALUE_TOO_SHORT',
      data: { min: PASSWORD_MIN_LENGTH },
    };
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return {
      field,
      description: `must be at most ${PASSWORD_MAX_LENGTH} characters long`,
      violatedRule: 'MAX_LENGTH',
      ruleName: 'VALUE_TOO_LONG',
      data: { max: PASSWORD_MAX_LENGTH },
    };
  }
  if (isCommonPassword(password)) return violation(field, COMMON_PASSWORD_MESSAGE, 'COMMON_PASSWORD');
  if (isContextPassword(password, context)) return violation(field, CONTEXT_PASSWORD_MESSAGE, 'CONTEXT_PASSWORD');
  return undefined;
}
