import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The most commonly used passwords (assets/common-passwords.txt: the 100 000 most frequent ones of 8+
 * characters from a public breach corpus, lower-cased; built by scripts/build-common-passwords.mjs,
 * provenance in assets/common-passwords.NOTICE.md). Shorter ones need no list: the length rule refuses them.
 *
 * The file is read on first use, not at import: tools that never check a password never pay for it.
 * From src/security/ and from dist/security/ alike the file is two levels up. (A path, not a URL
 * object: under a DOM test environment the global URL is not the one node:fs accepts.)
 */
const LIST_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'common-passwords.txt');

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(LIST_PATH, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  return list;
}

/** How many passwords the list holds (loads it). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

// Digits and symbols people tack onto a word to pass composition rules: "Passw0rd!" is "passw0rd".
const TRAILING_DIGITS_AND_SYMBOLS = /[\p{N}\p{P}\p{S}\s]+$/u;

/**
 * True when `password`, ignoring case, is on the list, or is a listed password with only digits or
 * symbols appended. One or two hash-set look-ups: the cost does not depend on the list's size.
 */
export function isCommonPassword(password: string): boolean {
  const set = commonPasswords();
  const folded = password.toLowerCase();
  if (set.has(folded)) return true;
  const stem = folded.replace(TRAILING_DIGITS_AND_SYMBOLS, '');
  return stem !== folded && set.has(stem);
}
