import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../config/types.js';
import { localizedPath, publicOrigin, shopLanguages } from './shop-addresses.js';

const site = (languages?: string[]) => ({ id: 's', languages }) as unknown as SiteConfig;

describe('shop addresses', () => {
  it('takes the site’s languages the storefront has, in the site’s order, the first unprefixed', () => {
    expect(shopLanguages(site(['fr', 'en-GB', 'ja', 'ar']))).toEqual({
      defaultLanguage: 'fr',
      all: ['fr', 'en', 'ar'],
    });
    expect(shopLanguages(site())).toEqual({ defaultLanguage: 'en', all: ['en'] });
    expect(shopLanguages(site(['ja']))).toEqual({ defaultLanguage: 'en', all: ['en'] });
    const languages = shopLanguages(site(['fr', 'en']));
    expect(localizedPath(languages, 'fr', '/products/mug')).toBe('/products/mug');
    expect(localizedPath(languages, 'en', '/products/mug')).toBe('/en/products/mug');
    expect(localizedPath(languages, 'en', '/')).toBe('/en/');
    expect(localizedPath(languages, 'en', '/?category=Home')).toBe('/en/?category=Home');
  });

  it('builds on the public URL, keeping a path prefix', () => {
    expect(publicOrigin('https://shop.example')).toBe('https://shop.example');
    expect(publicOrigin('https://example.com/shop/')).toBe('https://example.com/shop');
  });
});
