import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n, withPageTexts } from '../../i18n/i18n.js';
import { catalogCountText } from './catalog-count.js';

// Bound to the shared instance, as useLingui()'s `_` is in the page.
const _ = i18n._.bind(i18n);

describe('the catalog’s count line', () => {
  beforeAll(async () => {
    await activateLanguage('en');
    await withPageTexts(async () => undefined)();
  });

  it('shows an exact total as it is', () => {
    expect(catalogCountText(_, { totalCount: 1, tooManyToCount: false }, '')).toBe('1 product');
    expect(catalogCountText(_, { totalCount: 9_412, tooManyToCount: false }, 'mug')).toBe(
      '9,412 products matching “mug”',
    );
  });

  it('shows "10,000+ products" when the server only estimated the total', () => {
    expect(catalogCountText(_, { totalCount: 48_213, tooManyToCount: true }, '')).toBe('10,000+ products');
    expect(catalogCountText(_, { totalCount: 10_001, tooManyToCount: true }, 'mug')).toBe(
      '10,000+ products matching “mug”',
    );
  });

  it('says no number when a count stopped for time estimated fewer than the floor', () => {
    expect(catalogCountText(_, { totalCount: 3_180, tooManyToCount: true }, 'mug')).toBe('');
    expect(catalogCountText(_, { totalCount: 9_999, tooManyToCount: true }, '')).toBe('');
  });

  it('formats the floor in the reader’s language', async () => {
    await activateLanguage('fr');
    await withPageTexts(async () => undefined)();
    expect(catalogCountText(_, { totalCount: 48_213, tooManyToCount: true }, '')).toMatch(/^10\s000\+ produits$/);
    await activateLanguage('en');
  });
});
