import { hash, verify, parseOptions, type Algorithm } from '@node-rs/argon2';
import type { FieldViolation } from '../http/errors.js';

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

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_PARAMS);
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
  const target = stored ?? (await decoyHash());
  let ok: boolean;
  try {
    ok = await verify(target, password);
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

/**
 * Length rules only (NIST 800-63B / ASVS: no composition rules, no truncation).
 * Length counts Unicode code points, not UTF-16 units, so emoji count once.
 */
export function passwordViolation(password: unknown, field = 'password'): FieldViolation | undefined {
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
  return undefined;
}
