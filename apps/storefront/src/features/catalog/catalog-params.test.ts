import { describe, expect, it } from 'vitest';
import { readCatalogParams, writeCatalogParams } from './catalog-params.js';

describe('catalog URL state', () => {
  it('reads search, category, sort and page, with defaults for junk', () => {
    expect(readCatalogParams(new URLSearchParams('q=%20mug%20&category=Kitchen&sort=price-desc&page=3'))).toEqual({
      search: 'mug',
      category: 'Kitchen',
      sort: 'price-desc',
      page: 3,
    });
    expect(readCatalogParams(new URLSearchParams('sort=cheapest&page=-2'))).toEqual({
      search: '',
      category: '',
      sort: 'featured',
      page: 1,
    });
    expect(readCatalogParams(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeCatalogParams({ search: '', category: '', sort: 'featured', page: 1 }).toString()).toBe('');
    const params = { search: 'linen towel', category: 'Home & Garden', sort: 'price-asc' as const, page: 2 };
    const written = writeCatalogParams(params);
    expect(written.toString()).toBe('q=linen+towel&category=Home+%26+Garden&sort=price-asc&page=2');
    expect(readCatalogParams(new URLSearchParams(written.toString()))).toEqual(params);
  });
});
