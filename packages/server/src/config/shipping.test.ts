/** `sites[].shipping` read from a config file (shipping.ts and the schema): what is read, and what is refused. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../test-support/boot.js';
import { shippingIn } from './shipping.js';
import type { ShippingConfig } from './types.js';
import { ConfigError } from './validate.js';

const config: ShippingConfig = {
  methods: [
    {
      id: 'standard',
      name: 'Standard',
      rates: [
        { countries: ['FR', 'BE'], amount: 4.9 },
        { countries: ['DE'], amount: 6.9 },
      ],
      freeAbove: 50,
      translations: { fr: { name: 'Standard (FR)', description: '2 à 4 jours' }, ar: { name: 'عادي' } },
    },
    { id: 'express', name: 'Express', rates: [{ countries: ['FR'], amount: 15 }] },
  ],
};

describe('sites[].shipping in the config file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-shipping-'));
  const load = (shipping: unknown) => {
    const path = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
    const site = {
      id: 'shop',
      clients: [
        { clientId: 'web', redirectUris: ['https://s.example/callback'], allowedOrigins: ['https://s.example'] },
      ],
      shipping,
    };
    writeFileSync(path, JSON.stringify({ sites: [site] }));
    return loadConfig({ configPath: path, env: {}, dataDir: dir });
  };
  const problems = (shipping: unknown): string[] => {
    try {
      load(shipping);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    throw new Error('expected a ConfigError');
  };

  it('reads methods with their rates and free amount', () => {
    expect(load(config).sites[0]!.shipping).toEqual(config);
  });

  it('says clearly what is wrong, key by key', () => {
    expect(
      problems({
        methods: [
          { id: 'standard', name: 'A', rates: [{ countries: ['fr'], amount: -1 }], colour: 'red' },
          { id: 'standard', name: 'B', rates: [{ countries: ['DE', 'DE'], amount: 2 }], freeAbove: 'lots' },
          { id: 'none', name: 'C', rates: [] },
        ],
      }),
    ).toEqual(
      expect.arrayContaining([
        'sites[0].shipping.methods[0].rates[0].countries[0] must be an ISO 3166 country code in capitals such as "FR" (got "fr")',
        'sites[0].shipping.methods[0].rates[0].amount must be an amount of 0 or more, such as 4.9 (got -1)',
        expect.stringMatching(/^sites\[0\]\.shipping\.methods\[0\]\.colour is not a known key/),
        'sites[0].shipping.methods[1].id repeats the method id "standard"',
        'sites[0].shipping.methods[1].rates[0].countries lists "DE" twice in method "standard"',
        'sites[0].shipping.methods[1].freeAbove must be an amount of 0 or more, such as 4.9 (got "lots")',
        'sites[0].shipping.methods[2].rates must list at least one rate, e.g. [{"countries": ["FR"], "amount": 4.9}]',
      ]),
    );
    expect(
      problems({
        methods: [
          {
            id: 'standard',
            name: 'A',
            rates: [{ countries: ['FR'], amount: 1 }],
            translations: { fr: { description: 'no name' }, French: { name: 'x' }, de: { name: 'B', colour: 'red' } },
          },
        ],
      }),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^sites\[0\]\.shipping\.methods\[0\]\.translations/)]));
    expect(problems({ methods: [] })).toEqual([
      'sites[0].shipping.methods must list at least one method (leave "shipping" out for a shop without delivery choices)',
    ]);
  });
});

describe('shippingIn: the methods as a shopper reading one language sees them', () => {
  it('takes the translation of the language or of its base, and keeps ids, rates and prices', () => {
    const fr = shippingIn(config, 'fr-CA').methods;
    expect(fr[0]).toMatchObject({ id: 'standard', name: 'Standard (FR)', description: '2 à 4 jours', freeAbove: 50 });
    expect(fr[0]!.rates).toEqual(config.methods[0]!.rates);
    expect(fr[1]).toBe(config.methods[1]);
  });

  it('keeps the written description when the translation has none, and everything for other languages', () => {
    expect(shippingIn(config, 'ar').methods[0]).toMatchObject({ name: 'عادي' });
    expect(shippingIn(config, 'de')).toEqual(config);
    expect(shippingIn(config, undefined)).toBe(config);
  });
});
