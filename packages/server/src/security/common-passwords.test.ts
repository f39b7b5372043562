import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.js';

describe('the common-password list', () => {
  it('is bundled (no network), holds at least 100 000 passwords and is loaded once', () => {
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(100_000);
    const loadMs = performance.now() - started;
    console.warn(
      `common-password list: loaded in ${loadMs.toFixed(1)} ms, ~${((process.memoryUsage().heapUsed - before) / 2 ** 20).toFixed(1)} MiB heap`,
    );
    const file = readFileSync(new URL('../../assets/common-passwords.txt', import.meta.url), 'utf8');
    // lower-case entries of 8+ characters, most frequent first
    const lines = file.split('\n').filter(Boolean);
    expect(lines.slice(0, 2)).toEqual(['password', '12345678']);
    expect(lines.every((line) => line === line.toLowerCase() && [...line].length >= 8)).toBe(true);
    expect(commonPasswordCount()).toBe(lines.length);
  });

  it('matches case-insensitively and sees through appended digits and symbols', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('passw0rd!!')).toBe(true);
    expect(isCommonPassword('baseball 1')).toBe(true);
    // a digit or symbol inside the word changes it; only the tail is stripped
    expect(isCommonPassword('pass!word')).toBe(false);
    expect(isCommonPassword('correct horse battery')).toBe(false);
    expect(isCommonPassword('12')).toBe(false);
  });
});
