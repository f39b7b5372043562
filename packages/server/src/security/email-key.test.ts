/**
 * Audit S-8: one key per address (NFKC, lower case, NFKC), and which spellings must be confirmed because
 * they are read as another address. The integration suite shows the same over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { emailKey, emailNeedsConfirmation } from './email-key.js';

describe('emailKey', () => {
  it.each([
    ['\u212Aate@example.com', 'kate@example.com', 'KELVIN SIGN'],
    ['\uFF4Bate@example.com', 'kate@example.com', 'fullwidth k'],
    ['\uFF2B\uFF21\uFF34\uFF25@example.com', 'kate@example.com', 'fullwidth capitals'],
    ['o\uFB00ice@example.com', 'office@example.com', 'ligature ff'],
    ['\u017Fam@example.com', 'sam@example.com', 'LONG S'],
    ['\u212Bsa@example.com', '\u00E5sa@example.com', 'ANGSTROM SIGN'],
    ['\u0130van@example.com', 'i\u0307van@example.com', 'dotted capital I keeps its dot'],
    ['\u0131van@example.com', '\u0131van@example.com', 'dotless i stays dotless'],
    ['stra\u00DFe@example.com', 'stra\u00DFe@example.com', 'sharp s is not folded to ss'],
    ['e\u0301lodie@example.com', '\u00E9lodie@example.com', 'decomposed accent'],
    ['  Kate@Example.COM ', 'kate@example.com', 'ASCII case and spaces'],
  ])('%s → %s (%s)', (typed, key) => {
    expect(emailKey(typed)).toBe(key);
    // A key is its own key: sending the normalised form back always settles it.
    expect(emailKey(key)).toBe(key);
    expect(emailNeedsConfirmation(key)).toBeUndefined();
  });

  it('asks to confirm every spelling that is more than ASCII case, and nothing else', () => {
    expect(emailNeedsConfirmation('  Kate@Example.COM ')).toBeUndefined();
    expect(emailNeedsConfirmation('stra\u00DFe@example.com')).toBeUndefined();
    expect(emailNeedsConfirmation('\u0131van@example.com')).toBeUndefined();
    expect(emailNeedsConfirmation('\u212Aate@example.com')).toBe('kate@example.com');
    expect(emailNeedsConfirmation('o\uFB00ice@example.com')).toBe('office@example.com');
    expect(emailNeedsConfirmation('\u017Fam@example.com')).toBe('sam@example.com');
    expect(emailNeedsConfirmation('\u0130van@example.com')).toBe('i\u0307van@example.com');
    expect(emailNeedsConfirmation('\u00C9lodie@example.com')).toBe('\u00E9lodie@example.com');
  });
});
