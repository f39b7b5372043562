import { describe, expect, it } from 'vitest';
import type { FieldSpec, Item } from './api.js';
import { fromForm, toForm } from './item-form.js';

const fields: FieldSpec[] = [
  { key: 'title', type: 'text', required: true },
  { key: 'price', type: 'number', required: false },
  { key: 'onSale', type: 'boolean', required: false },
  { key: 'released', type: 'date', required: false },
  { key: 'shippedAt', type: 'datetime', required: false },
  { key: 'spec', type: 'object', required: false },
];

describe('the item form', () => {
  it('round-trips an item: typed fields, nested JSON, undeclared fields; system fields stay with the server', () => {
    const item: Item = {
      _id: 'a',
      _createdDate: { $date: '2026-01-01T00:00:00.000Z' },
      title: 'Mug',
      price: 12.5,
      onSale: true,
      released: { $date: '2025-03-04T00:00:00.000Z' },
      shippedAt: { $date: '2026-02-03T04:05:06.000Z' },
      spec: { size: { h: 10 } },
      tags: ['new'],
    };
    const form = toForm(fields, item);
    expect(form.fields.price).toBe('12.5');
    expect(JSON.parse(form.others)).toEqual({ tags: ['new'] });
    expect(fromForm(fields, form)).toEqual({
      title: 'Mug',
      price: 12.5,
      onSale: true,
      released: { $date: '2025-03-04T00:00:00.000Z' },
      shippedAt: { $date: '2026-02-03T04:05:06.000Z' },
      spec: { size: { h: 10 } },
      tags: ['new'],
    });
  });

  it('names the field a value cannot be read for; empty fields are left out', () => {
    const form = toForm(fields, undefined);
    expect(fromForm(fields, form)).toEqual({ onSale: false });
    expect(() => fromForm(fields, { ...form, fields: { ...form.fields, price: 'twelve' } })).toThrow(
      'price must be a number',
    );
    expect(() => fromForm(fields, { ...form, fields: { ...form.fields, spec: '{"a":' } })).toThrow(
      /^spec is not valid JSON/,
    );
    expect(() => fromForm(fields, { ...form, fields: { ...form.fields, shippedAt: 'soon' } })).toThrow(
      'shippedAt must be a date and time',
    );
    expect(() => fromForm(fields, { ...form, others: '[1]' })).toThrow('Other fields must be a JSON object');
    expect(fromForm(fields, { ...form, fields: { ...form.fields, released: '2026-05-01' } }).released).toBe(
      '2026-05-01',
    );
  });
});
