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
import bcrypt from 'bcryptjs';

const pbkdf2Async = promisify(pbkdf2);
const scryptAsync = promisify(scrypt) as (p: string, s: Buffer, len: number, o: ScryptOptions) => Promise<Buffer>;

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const B64 = '([A-Za-z0-9+/=_-]*)';
// Auth0's custom_password_hash PHC form adds the key length: `$pbkdf2-sha256$i=100000,l=32$…`.
const PBKDF2 = new RegExp(`^\\$pbkdf2-sha256\\$i=(\\d{1,8})(?:,l=\\d{1,3})?\\$${B64}\\$${B64}$`);
const SCRYPT = new RegExp(`^\\$scrypt\\$ln=(\\d{1,2}),r=(\\d{1,3}),p=(\\d{1,3})\\$${B64}\\$${B64}$`);
const FIREBASE = new RegExp(`^\\$firebase-scrypt\\$r=(\\d{1,3}),m=(\\d{1,2})\\$${B64}\\$${B64}\\$${B64}\\$${B64}$`);

// Work caps: an imported hash cannot make one sign-in cost more than a few hundred milliseconds.
const MAX_PBKDF2_ITERATIONS = 2_000_000;
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

const b64 = (s: string) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

function same(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** True when `stored` is a hash form this module verifies (or an argon2 PHC string); import checks it. */
export function isUsableHash(stored: string): boolean {
  return (
    BCRYPT.test(stored) ||
    PBKDF2.test(stored) ||
    SCRYPT.test(stored) ||
    FIREBASE.test(stored) ||
    /^\$argon2(id|i)\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(stored)
  );
}

/** Verifies a foreign hash; `undefined` when `stored` is not one of the foreign forms (argon2 is not). */
export async function verifyForeignHash(stored: string, password: string): Promise<boolean | undefined> {
  if (BCRYPT.test(stored)) return bcrypt.compare(password, stored.replace(/^\$2y\$/, '$2b$'));
  let m = PBKDF2.exec(stored);
  if (m) {
    const iterations = Number(m[1]);
    const expected = b64(m[3]!);
    if (iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS || !expected.length) return false;
    return same(await pbkdf2Async(password, b64(m[2]!), iterations, expected.length, 'sha256'), expected);
  }
  m = SCRYPT.exec(stored);
  if (m) {
    const [N, r, p] = [2 ** Number(m[1]), Number(m[2]), Number(m[3])];
    const expected = b64(m[5]!);
    const maxmem = 256 * N * r + 1024 * 1024;
    if (maxmem > MAX_SCRYPT_MEMORY || !expected.length) return false;
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
  const maxmem = 256 * N * p.rounds + 1024 * 1024;
  if (p.rounds < 1 || maxmem > MAX_SCRYPT_MEMORY) return false;
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
