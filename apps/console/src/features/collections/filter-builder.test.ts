import { describe, expect, it } from 'vitest';
import { buildFilter, inputFor, operatorsFor } from './filter-builder.js';

const fields = [
  { key: 'title', type: 'text' },
  { key: 'price', type: 'number' },
  { key: 'featured', type: 'boolean' },
  { key: 'launch', type: 'datetime' },
  { key: 'tags', type: 'array' },
];

describe('the filter builder', () => {
  it('offers the operators and the input the field type allows', () => {
    expect(operatorsFor('number')).toContain('$lt');
    expect(operatorsFor('text')).not.toContain('$lt');
    expect(operatorsFor('text')[0]).toBe('$contains');
    expect(inputFor('number', '$lt')).toBe('number');
    expect(inputFor('boolean', '$eq')).toBe('boolean');
    expect(inputFor('text', '$exists')).toBe('none');
  });

  it('turns rows into the data API filter: one row alone, several under $and, values typed', () => {
    expect(buildFilter([{ field: 'price', operator: '$lt', value: '50' }], fields)).toEqual({ price: { $lt: 50 } });
    expect(
      buildFilter(
        [
          { field: 'title', operator: '$contains', value: 'mug' },
          { field: 'featured', operator: '$eq', value: 'true' },
          { field: 'launch', operator: '$gte', value: '2026-05-01T00:00:00Z' },
          { field: 'tags', operator: '$hasSome', value: 'new, sale' },
          { field: 'price', operator: '$exists', value: '' },
          { field: '', operator: '$eq', value: 'ignored' },
        ],
        fields,
      ),
    ).toEqual({
      $and: [
        { title: { $contains: 'mug' } },
        { featured: { $eq: true } },
        { launch: { $gte: { $date: '2026-05-01T00:00:00.000Z' } } },
        { tags: { $hasSome: ['new', 'sale'] } },
        { price: { $exists: true } },
      ],
    });
    expect(buildFilter([], fields)).toEqual({});
  });

  it('names the row whose value is not a number', () => {
    expect(() => buildFilter([{ field: 'price', operator: '$lt', value: 'cheap' }], fields)).toThrow(
      'Row 1: enter a number',
    );
  });
});
