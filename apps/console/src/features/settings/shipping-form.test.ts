import { describe, expect, it } from 'vitest';
import { fromMethodDrafts, newMethodDraft, readAmount, toMethodDrafts } from './shipping-form.js';

const METHODS = [
  {
    id: 'standard',
    name: 'Standard delivery',
    description: '3–5 working days',
    rates: [{ countries: ['FR', 'BE'], amount: 4.9 }],
    freeAbove: 50,
    translations: { fr: { name: 'Livraison standard', description: '3 à 5 jours ouvrés' } },
  },
  { id: 'express', name: 'Express', rates: [{ countries: ['DE'], amount: 12 }] },
];

describe('shipping form model', () => {
  it('reads the config shape into drafts and writes the same shape back', () => {
    expect(fromMethodDrafts(toMethodDrafts(METHODS))).toEqual({ methods: METHODS });
  });

  it('reads amounts typed with a comma, and refuses what is not an amount, naming the method', () => {
    expect(readAmount('4,90')).toBe(4.9);
    expect(readAmount('')).toBeUndefined();
    expect(readAmount('four')).toBeNaN();
    const drafts = toMethodDrafts(METHODS);
    drafts[1]!.rates[0]!.amount = 'twelve';
    expect(fromMethodDrafts(drafts)).toEqual({ error: 'Express, rate 1: the price must be an amount such as 4.90.' });
  });

  it('leaves out empty translations and gives a new method a free id', () => {
    const drafts = toMethodDrafts(METHODS);
    drafts[1]!.translations = { fr: { name: ' ', description: '' } };
    const read = fromMethodDrafts(drafts);
    expect('methods' in read && read.methods[1]).toEqual(METHODS[1]);
    expect(newMethodDraft(['method-2']).id).toBe('method-3');
  });
});
