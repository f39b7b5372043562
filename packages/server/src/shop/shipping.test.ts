import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../test-support/boot.js';
import type { ShippingConfig } from '../config/types.js';
import { ConfigError } from '../config/validate.js';
import { ApplicationError } from '../errors/wire.js';
import { chooseShipping, shippingOptions } from './shipping.js';

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
    },
    { id: 'express', name: 'Express', rates: [{ countries: ['FR'], amount: 15 }] },
  ],
};

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApplicationError) return { code: error.code, description: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('shipping rules', () => {
  it('prices a flat rate per country, and nothing from the free amount on', () => {
    expect(chooseShipping(config, { methodId: 'standard', country: 'BE' }, 20)).toEqual({
      methodId: 'standard',
      name: 'Standard',
      country: 'BE',
      amount: 4.9,
    });
    expect(chooseShipping(config, { methodId: 'standard', country: 'DE' }, 49.99).amount).toBe(6.9);
    expect(chooseShipping(config, { methodId: 'standard', country: 'DE' }, 50).amount).toBe(0);
    expect(chooseShipping(config, { methodId: 'express', country: 'FR' }, 500).amount).toBe(15);
  });

  it('offers the methods that serve a country', () => {
    expect(shippingOptions(config, 'FR', 10).map((o) => [o.id, o.amount])).toEqual([
      ['standard', 4.9],
      ['express', 15],
    ]);
    expect(shippingOptions(config, 'DE', 10).map((o) => o.id)).toEqual(['standard']);
    expect(shippingOptions(config, 'JP', 10)).toEqual([]);
  });

  it('refuses an unknown country, an unknown method and a missing choice, saying what would work', () => {
    expect(refusal(() => chooseShipping(config, { methodId: 'express', country: 'DE' }, 10))).toEqual({
      code: 'SHIPPING_COUNTRY_UNSUPPORTED',
      description: '“Express” does not deliver to DE; it delivers to FR.',
    });
    expect(refusal(() => chooseShipping(config, { methodId: 'drone', country: 'FR' }, 10))).toEqual({
      code: 'SHIPPING_METHOD_UNKNOWN',
      description: 'There is no delivery method "drone" (this shop has standard, express).',
    });
    expect(refusal(() => chooseShipping(config, { methodId: undefined, country: 'FR' }, 10)).code).toBe(
      'SHIPPING_METHOD_REQUIRED',
    );
    expect(refusal(() => chooseShipping(config, { methodId: 'standard', country: undefined }, 10))).toEqual({
      code: 'SHIPPING_COUNTRY_REQUIRED',
      description: "Give the shipping address's country (this shop delivers to BE, DE, FR).",
    });
  });
});

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
    expect(problems({ methods: [] })).toEqual([
      'sites[0].shipping.methods must list at least one method (leave "shipping" out for a shop without delivery choices)',
    ]);
  });
});
