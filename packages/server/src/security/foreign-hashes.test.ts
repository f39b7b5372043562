import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { firebaseHash, fromDjangoPbkdf2, isUsableHash, verifyForeignHash } from './foreign-hashes.js';
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
