import { describe, expect, it } from 'vitest';
import { jsonHint, shapeProblem, type JsonSchema } from './json-shape.js';
import { fromDraft } from './setting-values.js';

/** `shop.offlinePayments` as the server's settings answer describes it (config/schema/shop.ts). */
const offline: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'instructions'],
    properties: { id: { type: 'string' }, name: { type: 'string' }, instructions: { type: 'string' } },
  },
};
const taxRates: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['country', 'rate'],
    properties: { country: { type: 'string' }, rate: { type: 'number' }, name: { type: 'string' } },
  },
};

describe('JSON settings', () => {
  it('describe their shape with an example the server takes', () => {
    const hint = jsonHint('shop.offlinePayments', offline);
    expect(hint).toMatch(/^A list; each item: id \(text\), name \(text\), instructions \(text\)\. Example: \[/);
    const example = JSON.parse(hint.slice(hint.indexOf('Example: ') + 9)) as unknown;
    expect(shapeProblem(offline, example)).toBeUndefined();
    expect(jsonHint('shop.taxRates', taxRates)).toContain('name (text, optional)');
  });

  it('name the item, the field and the type expected, instead of "is not valid JSON"', () => {
    expect(fromDraft('json', '{"id": "bank", "name": "Bank transfer", "instructions": "IBAN"}', offline)).toEqual({
      error: 'has a mistake: the value must be a list [ … ], got an object',
    });
    expect(fromDraft('json', '[{"id": "bank", "name": "Bank transfer"}]', offline)).toEqual({
      error: 'has a mistake: item 1 has no “instructions” (text)',
    });
    expect(fromDraft('json', '[{"country": "FR", "rate": "20"}]', taxRates)).toEqual({
      error: 'has a mistake: item 1’s “rate” must be a number, got the text "20"',
    });
    expect(
      fromDraft('json', '[{"id": "cod", "name": "Cash", "instructions": "Pay the courier", "label": "x"}]', offline),
    ).toEqual({ error: 'has a mistake: item 1 has “label”, which is not one of its fields: id, name, instructions' });
    expect(fromDraft('json', '[{"country": "FR", "rate": 5.5}]', taxRates)).toEqual({
      value: [{ country: 'FR', rate: 5.5 }],
    });
  });
});
