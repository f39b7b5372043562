/**
 * Password hashes kept from other systems (member import), verified on the member's first sign-in and
 * then replaced by argon2id (identity/flows/login.ts rehashes whatever `needsRehash` calls weak). Each
 * through a kept library: bcryptjs for bcrypt, node:crypto for PBKDF2 and scrypt (Firebase's modified
 * scrypt is scrypt + AES-256-CTR, both node:crypto); argon2 hashes are PHC strings @node-rs/argon2 reads.
 *
 * Stored forms (one text column; the prefix says how to verify):
 *   $2a$/$2b$/$2y$…                                   bcrypt, as exported
 *   $argon2id$… / $argon2i$…                          argon2 PHC string, as exported
 *   $pbkdf2-sha256$i=<iterations>[,l=<length>]$<salt b64>$<hash b64>
 *   $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt b64>$<hash b64>
 *   $firebase-scrypt$r=<rounds>,m=<mem cost>$<salt separator b64>$<signer key b64>$<salt b64>$<hash b64>
 */
import { createCipheriv, pbkdf2, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';
import type BcryptJs from 'bcryptjs';

const pbkdf2Async = promisify(pbkdf2);
const scryptAsync = promisify(scrypt) as (p: string, s: Buffer, len: number, o: ScryptOptions) => Promise<Buffer>;

const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const B64 = '([A-Za-z0-9+/=_-]*)';
// Auth0's custom_password_hash PHC form adds the key length: `$pbkdf2-sha256$i=100000,l=32$…`.
const PBKDF2 = new RegExp(`^\\$pbkdf2-sha256\\$i=(\\d{1,8})(?:,l=(\\d{1,3}))?\\$${B64}\\$${B64}$`);
const SCRYPT = new RegExp(`^\\$scrypt\\$ln=(\\d{1,2}),r=(\\d{1,3}),p=(\\d{1,3})\\$${B64}\\$${B64}$`);
const FIREBASE = new RegExp(`^\\$firebase-scrypt\\$r=(\\d{1,3}),m=(\\d{1,2})\\$${B64}\\$${B64}\\$${B64}\\$${B64}$`);
const ARGON2 = /^\$argon2(?:id|i)\$v=19\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,10})\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/**
 * Work caps (audit V5-8), the one place they are set; docs/operating.md#importing-members quotes them. A hash
 * over them is refused at import (with its row) and fails at sign-in without being computed, so one planted
 * hash costs a sign-in about a second of one core at most (measured on the 2-core test machine: bcrypt 14
 * 1.3 s, PBKDF2 2 000 000 × 64 bytes 1.2 s, scrypt 256 MB 1.5 s, argon2 256 MiB × 10 1.0 s).
 */
export const HASH_WORK_CAPS = {
  bcryptCost: 14,
  pbkdf2Iterations: 2_000_000,
  pbkdf2KeyBytes: 64,
  /** scrypt's memory is 128·N·r bytes; its work N·r·p is held to what that memory allows with p = 1. */
  scryptMemoryBytes: 256 * 1024 * 1024,
  scryptParallelism: 16,
  argon2MemoryKiB: 256 * 1024,
  argon2Passes: 10,
  argon2Lanes: 16,
} as const;
const CAPS = HASH_WORK_CAPS;

const b64 = (s: string) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

function same(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

function scryptProblem(ln: number, r: number, p: number): string | undefined {
  const memory = 128 * 2 ** ln * r;
  if (ln < 1 || r < 1 || p < 1) return 'scrypt parameters must be at least 1';
  if (memory > CAPS.scryptMemoryBytes)
    return `scrypt needs ${Math.ceil(memory / 2 ** 20)} MB, above the cap of ${CAPS.scryptMemoryBytes / 2 ** 20} MB`;
  if (p > CAPS.scryptParallelism) return `scrypt p=${p} is above the cap of ${CAPS.scryptParallelism}`;
  if (memory * p > CAPS.scryptMemoryBytes)
    return `scrypt work N·r·p = ${2 ** ln * r * p} is above the cap of ${CAPS.scryptMemoryBytes / 128}`;
  return undefined;
}

/**
 * Why `stored` is not a hash this server verifies: an unknown form, malformed parameters, or work above
 * HASH_WORK_CAPS. Undefined for a usable one (a foreign form or an argon2 PHC string within the caps).
 */
export function hashProblem(stored: string): string | undefined {
  let m = BCRYPT.exec(stored);
  if (m) {
    const cost = Number(m[1]);
    if (cost < 4) return `bcrypt cost ${cost} is below bcrypt's minimum of 4`;
    return cost > CAPS.bcryptCost ? `bcrypt cost ${cost} is above the cap of ${CAPS.bcryptCost}` : undefined;
  }
  m = PBKDF2.exec(stored);
  if (m) {
    const iterations = Number(m[1]);
    const length = b64(m[4]!).length;
    if (iterations < 1 || !length) return 'PBKDF2 needs at least 1 iteration and a hash';
    if (iterations > CAPS.pbkdf2Iterations)
      return `PBKDF2 with ${iterations} iterations is above the cap of ${CAPS.pbkdf2Iterations}`;
    if (length > CAPS.pbkdf2KeyBytes)
      return `PBKDF2 output of ${length} bytes is above the cap of ${CAPS.pbkdf2KeyBytes}`;
    if (m[2] !== undefined && Number(m[2]) !== length)
      return `PBKDF2 l=${m[2]} does not match the hash's ${length} bytes`;
    return undefined;
  }
  m = SCRYPT.exec(stored);
  if (m) {
    if (!b64(m[5]!).length) return 'scrypt needs a hash';
    if (b64(m[5]!).length > CAPS.pbkdf2KeyBytes)
      return `scrypt output of ${b64(m[5]!).length} bytes is above the cap of ${CAPS.pbkdf2KeyBytes}`;
    return scryptProblem(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  m = FIREBASE.exec(stored);
  if (m) return scryptProblem(Number(m[2]), Number(m[1]), 1);
  m = ARGON2.exec(stored);
  if (m) {
    const [memory, passes, lanes] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (memory < 1 || passes < 1 || lanes < 1) return 'argon2 parameters must be at least 1';
    if (memory > CAPS.argon2MemoryKiB)
      return `argon2 m=${memory} KiB is above the cap of ${CAPS.argon2MemoryKiB} KiB (${CAPS.argon2MemoryKiB / 1024} MiB)`;
    if (passes > CAPS.argon2Passes) return `argon2 t=${passes} is above the cap of ${CAPS.argon2Passes}`;
    if (lanes > CAPS.argon2Lanes) return `argon2 p=${lanes} is above the cap of ${CAPS.argon2Lanes}`;
    return undefined;
  }
  return 'not a hash form this server verifies (bcrypt, argon2, PBKDF2-SHA256, scrypt, Firebase scrypt)';
}

/** True when `stored` is a hash form this module verifies (or an argon2 PHC string), within the work caps. */
export function isUsableHash(stored: string): boolean {
  return hashProblem(stored) === undefined;
}

/** True when `stored` is a form this server reads whose work is above the caps: sign-in refuses it uncomputed. */
export function exceedsWorkCaps(stored: string): boolean {
  const problem = hashProblem(stored);
  return problem !== undefined && !problem.startsWith('not a hash form');
}

/**
 * Verifies a foreign hash; `undefined` when `stored` is not one of the foreign forms (an argon2 string within
 * the caps is not: passwords.ts verifies it). False, uncomputed, for any form over the work caps.
 */
export async function verifyForeignHash(stored: string, password: string): Promise<boolean | undefined> {
  // A hash planted some other way than the import (a restore, SQL) is refused here before any work.
  if (exceedsWorkCaps(stored)) return false;
  if (BCRYPT.test(stored)) {
    // Loaded at the first bcrypt hash, not at start (docs/operating.md → Memory of the embedded database).
    const bcrypt = (await import('bcryptjs')).default as typeof BcryptJs;
    return bcrypt.compare(password, stored.replace(/^\$2y\$/, '$2b$'));
  }
  let m = PBKDF2.exec(stored);
  if (m) {
    const expected = b64(m[4]!);
    return same(await pbkdf2Async(password, b64(m[3]!), Number(m[1]), expected.length, 'sha256'), expected);
  }
  m = SCRYPT.exec(stored);
  if (m) {
    const [N, r, p] = [2 ** Number(m[1]), Number(m[2]), Number(m[3])];
    const expected = b64(m[5]!);
    const maxmem = 128 * N * r + 1024 * 1024;
    return same(await scryptAsync(password, b64(m[4]!), expected.length, { N, r, p, maxmem }), expected);
  }
  m = FIREBASE.exec(stored);
  if (m)
    return verifyFirebaseScrypt(password, {
      rounds: Number(m[1]),
      memCost: Number(m[2]),
      saltSeparator: b64(m[3]!),
      signerKey: b64(m[4]!),
      salt: b64(m[5]!),
      hash: b64(m[6]!),
    });
  return undefined;
}

export interface FirebaseHashParams {
  rounds: number;
  memCost: number;
  saltSeparator: Buffer;
  signerKey: Buffer;
  salt: Buffer;
  hash: Buffer;
}

/**
 * Firebase's modified scrypt (github.com/firebase/scrypt): the key is scrypt(password, salt ‖ separator,
 * N = 2^memCost, r = rounds, p = 1, 32 bytes); the stored hash is the project's signer key encrypted with
 * it by AES-256-CTR under a zero IV.
 */
export async function verifyFirebaseScrypt(password: string, p: FirebaseHashParams): Promise<boolean> {
  const N = 2 ** p.memCost;
  if (scryptProblem(p.memCost, p.rounds, 1)) return false;
  const maxmem = 128 * N * p.rounds + 1024 * 1024;
  const key = await scryptAsync(password, Buffer.concat([p.salt, p.saltSeparator]), 32, {
    N,
    r: p.rounds,
    p: 1,
    maxmem,
  });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
  const computed = Buffer.concat([cipher.update(p.signerKey), cipher.final()]);
  return same(computed, p.hash);
}

/** The stored form of a Firebase hash with its project's parameters. */
export function firebaseHash(
  project: { signerKey: string; saltSeparator: string; rounds: number; memCost: number },
  salt: string,
  hash: string,
): string {
  return `$firebase-scrypt$r=${project.rounds},m=${project.memCost}$${project.saltSeparator}$${project.signerKey}$${salt}$${hash}`;
}

/** Django's `pbkdf2_sha256$<iterations>$<salt>$<hash b64>` (Clerk exports it) in the stored form. */
export function fromDjangoPbkdf2(digest: string): string | undefined {
  const m = /^pbkdf2_sha256\$(\d+)\$([^$]+)\$([A-Za-z0-9+/=]+)$/.exec(digest);
  return m ? `$pbkdf2-sha256$i=${m[1]}$${Buffer.from(m[2]!, 'utf8').toString('base64')}$${m[3]}` : undefined;
}
