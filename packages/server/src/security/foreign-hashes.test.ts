import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  firebaseHash,
  fromDjangoPbkdf2,
  hashProblem,
  HASH_WORK_CAPS,
  isUsableHash,
  verifyForeignHash,
} from './foreign-hashes.js';
import { needsRehash, verifyPassword } from './passwords.js';

const hex64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

describe('imported password hashes (test vectors of the exporting systems and the algorithms’ specifications)', () => {
  it("Firebase's modified scrypt: the vector of github.com/firebase/scrypt's README", async () => {
    const stored = firebaseHash(
      {
        signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
        saltSeparator: 'Bw==',
        rounds: 8,
        memCost: 14,
      },
      '42xEC+ixf3L2lw==',
      'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
    );
    expect(isUsableHash(stored)).toBe(true);
    expect(await verifyForeignHash(stored, 'user1password')).toBe(true);
    expect(await verifyForeignHash(stored, 'user1passwore')).toBe(false);
    expect(await verifyPassword(stored, 'user1password')).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });

  it('bcrypt $2a$, $2b$, $2y$: the OpenWall crypt_blowfish vectors', async () => {
    const a = '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW';
    expect(await verifyForeignHash(a, 'U*U')).toBe(true);
    expect(await verifyForeignHash('$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK', 'U*U*')).toBe(true);
    // $2b$ (OpenBSD, Auth0) and $2y$ (PHP, Supabase-era exports) are the same function for these inputs.
    expect(await verifyForeignHash(a.replace('$2a$', '$2b$'), 'U*U')).toBe(true);
    expect(await verifyForeignHash(a.replace('$2a$', '$2y$'), 'U*U')).toBe(true);
    expect(await verifyForeignHash(a, 'U*V')).toBe(false);
    expect(await verifyPassword(a, 'U*U')).toBe(true);
    expect(needsRehash(a)).toBe(true);
  });

  it('PBKDF2-HMAC-SHA256: RFC 7914 §11, and the Django form Clerk exports', async () => {
    const dk =
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783';
    const stored = `$pbkdf2-sha256$i=1$${Buffer.from('salt').toString('base64')}$${hex64(dk)}`;
    expect(await verifyForeignHash(stored, 'passwd')).toBe(true);
    expect(await verifyForeignHash(stored, 'passwe')).toBe(false);
    // Auth0's custom_password_hash PHC form: the key length as `l`, base64 without padding.
    const auth0 = `$pbkdf2-sha256$i=1,l=64$${Buffer.from('salt').toString('base64').replace(/=+$/, '')}$${hex64(dk).replace(/=+$/, '')}`;
    expect(await verifyPassword(auth0, 'passwd')).toBe(true);
    const dk2 =
      '4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d';
    const django = fromDjangoPbkdf2(`pbkdf2_sha256$80000$NaCl$${hex64(dk2)}`)!;
    expect(django).toBe(`$pbkdf2-sha256$i=80000$${Buffer.from('NaCl').toString('base64')}$${hex64(dk2)}`);
    expect(await verifyPassword(django, 'Password')).toBe(true);
  });

  it('scrypt: RFC 7914 §12', async () => {
    const dk =
      'fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640';
    const stored = `$scrypt$ln=10,r=8,p=16$${Buffer.from('NaCl').toString('base64')}$${hex64(dk)}`;
    expect(await verifyForeignHash(stored, 'password')).toBe(true);
    expect(await verifyForeignHash(stored, 'passwore')).toBe(false);
  });

  it('argon2i and argon2id PHC strings (the phc-winner-argon2 README vector) verify as they are, then rehash', async () => {
    const argon2i = '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG';
    expect(isUsableHash(argon2i)).toBe(true);
    expect(await verifyForeignHash(argon2i, 'password')).toBeUndefined();
    expect(await verifyPassword(argon2i, 'password')).toBe(true);
    expect(needsRehash(argon2i)).toBe(true);
    const weak = await hash('password', { algorithm: 2, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(await verifyPassword(weak, 'password')).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('refuses what it cannot verify, and work beyond its caps', async () => {
    expect(isUsableHash('md5:5f4dcc3b5aa765d61d8327deb882cf99')).toBe(false);
    expect(isUsableHash('$2a$10$short')).toBe(false);
    const huge = `$scrypt$ln=30,r=8,p=1$${Buffer.from('s').toString('base64')}$${hex64('00'.repeat(32))}`;
    expect(await verifyForeignHash(huge, 'password')).toBe(false);
    expect(await verifyPassword('$pbkdf2-sha256$i=99999999$c2FsdA==$AAAA', 'password')).toBe(false);
  });
});

/** The hashes of the audit's V5-8 reproduction (scratch/hashes.mjs), the elided parts filled in. */
const salt = Buffer.from('sixteen byte salt').toString('base64');
const AUDIT_V5_8 = {
  bcrypt16: '$2b$16$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234',
  bcrypt31: '$2b$31$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234',
  scryptP64: `$scrypt$ln=14,r=8,p=64$${salt}$${Buffer.alloc(32, 7).toString('base64')}`,
  pbkdf2Long: `$pbkdf2-sha256$i=2000000$${salt}$${Buffer.alloc(256, 7).toString('base64')}`,
  argon2TwoGiB: '$argon2id$v=19$m=2097152,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
};

describe('work caps (audit V5-8): refused before any work, at import and at sign-in', () => {
  /** Over the caps: not usable, and both verifiers answer false at once (no hash is computed). */
  async function refusedUncomputed(stored: string, reason: RegExp) {
    expect(isUsableHash(stored)).toBe(false);
    expect(hashProblem(stored)).toMatch(reason);
    const started = performance.now();
    expect(await verifyForeignHash(stored, 'password')).toBe(false);
    expect(await verifyPassword(stored, 'password')).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  }

  it("the audit's hashes: bcrypt 16 and 31, scrypt p=64, PBKDF2 of 256 bytes, argon2 of 2 GiB", async () => {
    await refusedUncomputed(AUDIT_V5_8.bcrypt16, /bcrypt cost 16 is above the cap of 14/);
    await refusedUncomputed(AUDIT_V5_8.bcrypt31, /bcrypt cost 31 is above the cap of 14/);
    await refusedUncomputed(AUDIT_V5_8.scryptP64, /scrypt p=64 is above the cap of 16/);
    await refusedUncomputed(AUDIT_V5_8.pbkdf2Long, /PBKDF2 output of 256 bytes is above the cap of 64/);
    await refusedUncomputed(AUDIT_V5_8.argon2TwoGiB, /argon2 m=2097152 KiB is above the cap of 262144 KiB/);
  });

  it('bcrypt: cost 4 to 14', async () => {
    const body = 'CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW';
    expect(isUsableHash(`$2a$14$${body}`)).toBe(true);
    await refusedUncomputed(`$2a$15$${body}`, /cost 15 is above the cap of 14/);
    await refusedUncomputed(`$2a$03$${body}`, /below bcrypt's minimum/);
    expect(HASH_WORK_CAPS.bcryptCost).toBe(14);
  });

  it('PBKDF2: iterations ≤ 2 000 000, output ≤ 64 bytes, and `l` must be the output length', async () => {
    const hash = (bytes: number) => Buffer.alloc(bytes, 1).toString('base64');
    expect(isUsableHash(`$pbkdf2-sha256$i=2000000$${salt}$${hash(64)}`)).toBe(true);
    await refusedUncomputed(`$pbkdf2-sha256$i=2000001$${salt}$${hash(32)}`, /2000001 iterations is above the cap/);
    await refusedUncomputed(`$pbkdf2-sha256$i=1000$${salt}$${hash(65)}`, /65 bytes is above the cap of 64/);
    expect(isUsableHash(`$pbkdf2-sha256$i=1000,l=32$${salt}$${hash(32)}`)).toBe(true);
    await refusedUncomputed(`$pbkdf2-sha256$i=1000,l=16$${salt}$${hash(32)}`, /l=16 does not match/);
  });

  it('scrypt: memory 128·N·r ≤ 256 MB, p ≤ 16, N·r·p ≤ 2^21; Firebase scrypt under the same caps', async () => {
    const hash = Buffer.alloc(32, 1).toString('base64');
    expect(isUsableHash(`$scrypt$ln=18,r=8,p=1$${salt}$${hash}`)).toBe(true);
    expect(isUsableHash(`$scrypt$ln=10,r=8,p=16$${salt}$${hash}`)).toBe(true);
    await refusedUncomputed(`$scrypt$ln=19,r=8,p=1$${salt}$${hash}`, /scrypt needs 512 MB, above the cap of 256 MB/);
    await refusedUncomputed(`$scrypt$ln=10,r=1,p=17$${salt}$${hash}`, /p=17 is above the cap of 16/);
    await refusedUncomputed(`$scrypt$ln=17,r=8,p=4$${salt}$${hash}`, /N·r·p = 4194304 is above the cap of 2097152/);
    const firebase = (rounds: number, memCost: number) =>
      firebaseHash({ signerKey: 'AA==', saltSeparator: 'Bw==', rounds, memCost }, salt, hash);
    expect(isUsableHash(firebase(8, 14))).toBe(true);
    await refusedUncomputed(firebase(64, 20), /scrypt needs 8192 MB/);
  });

  it('argon2: m ≤ 256 MiB, t ≤ 10, p ≤ 16', async () => {
    const phc = (m: number, t: number, p: number) =>
      `$argon2id$v=19$m=${m},t=${t},p=${p}$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG`;
    expect(isUsableHash(phc(262144, 10, 16))).toBe(true);
    await refusedUncomputed(phc(262145, 1, 1), /m=262145 KiB is above the cap/);
    await refusedUncomputed(phc(65536, 11, 1), /t=11 is above the cap of 10/);
    await refusedUncomputed(phc(65536, 1, 17), /p=17 is above the cap of 16/);
  });
});
