import { describe, expect, it } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { hashPassword, needsRehash, passwordViolation, verifyPassword, PASSWORD_MAX_LENGTH } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const started = performance.now();
    const stored = await hashPassword('correct horse battery');
    const ms = performance.now() - started;
    expect(stored.startsWith('$argon2id$')).toBe(true);
    const p = parseOptions(stored);
    expect([p.memoryCost, p.timeCost, p.parallelism]).toEqual([19456, 2, 1]);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    console.warn(`argon2id hash took ${ms.toFixed(1)} ms`);
  });

  it('does not truncate: a long password differing only at the end fails', async () => {
    const base = 'x'.repeat(200);
    const stored = await hashPassword(`${base}a`);
    expect(await verifyPassword(stored, `${base}b`)).toBe(false);
  });

  it('a missing hash verifies a decoy and always fails', async () => {
    expect(await verifyPassword(null, 'whatever-password')).toBe(false);
    expect(await verifyPassword('garbage', 'whatever-password')).toBe(false);
  });

  it('does not block the event loop while hashing', async () => {
    // Turns of the event loop while two hashes run: a hash on the JavaScript thread would finish inside the calls,
    // before a single turn. Counted with setImmediate, not a 1 ms timer, whose few ticks a busy machine (three
    // test workers on two cores) could fail to deliver within two hashes of ~10 ms (once in a CI run).
    let turns = 0;
    let hashing = true;
    const turn = () => {
      turns++;
      if (hashing) setImmediate(turn);
    };
    setImmediate(turn);
    await Promise.all([hashPassword('aaaaaaaa1'), hashPassword('aaaaaaaa2')]);
    hashing = false;
    expect(turns).toBeGreaterThan(3);
  });

  it('enforces length, without composition rules', () => {
    expect(passwordViolation('short')?.ruleName).toBe('VALUE_TOO_SHORT');
    expect(passwordViolation(undefined)?.ruleName).toBe('REQUIRED');
    expect(passwordViolation(12345678)?.ruleName).toBe('REQUIRED');
    // 8 characters of one class suffice (was 'aaaaaaaa', which is now refused as a common password)
    expect(passwordViolation('qzvmtkcw')).toBeUndefined();
    expect(passwordViolation('a'.repeat(64))).toBeUndefined();
    expect(passwordViolation('a'.repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
    expect(passwordViolation('a'.repeat(PASSWORD_MAX_LENGTH + 1))?.ruleName).toBe('VALUE_TOO_LONG');
    // code points, not UTF-16 units: 8 emoji are 8 characters
    expect(passwordViolation('😀'.repeat(8))).toBeUndefined();
    expect(passwordViolation('😀'.repeat(4))?.ruleName).toBe('VALUE_TOO_SHORT');
  });

  it('refuses the most common passwords, ignoring case and appended digits or symbols, with a clear message', () => {
    for (const common of [
      'password123',
      'qwertyuiop',
      '12345678',
      'Passw0rd!',
      'iloveyou',
      'PASSWORD1',
      'aaaaaaaa',
      'Football2024!',
    ]) {
      expect(passwordViolation(common, 'newPassword'), common).toEqual({
        field: 'newPassword',
        description: 'is one of the most commonly used passwords; choose another',
        violatedRule: 'PASSWORD_POLICY',
        ruleName: 'COMMON_PASSWORD',
        data: {},
      });
    }
    for (const fine of ['correct horse battery', 'a long enough password', 'first password 1', 'qzvmtkcw'])
      expect(passwordViolation(fine), fine).toBeUndefined();
  });

  it("refuses the shop's name, the email address and its local part, ignoring case and spaces", () => {
    const context = { siteName: 'Open <b>Shop</b> Lisbon', email: 'Grace.Hopper@example.com' };
    for (const taken of [
      'open <b>shop</b> lisbon',
      'Open<b>Shop</b>Lisbon',
      'grace.hopper@EXAMPLE.com',
      'GRACE.HOPPER',
    ]) {
      expect(passwordViolation(taken, 'password', context)?.ruleName, taken).toBe('CONTEXT_PASSWORD');
    }
    expect(passwordViolation('grace.hopper', 'password', context)?.description).toBe(
      "must not be the shop's name or your email address; choose another",
    );
    expect(passwordViolation('grace.hopper sails', 'password', context)).toBeUndefined();
    expect(passwordViolation('grace.hopper')).toBeUndefined();
  });
});
