import { describe, expect, it } from 'vitest';
import { parseFilter } from './parse.js';
import { conditions } from './walk.js';

describe('conditions', () => {
  it('lists every leaf under and / or / not, in order, and nothing for an empty filter', () => {
    const filter = parseFilter(
      { $and: [{ a: 1 }, { $or: [{ b: { $gt: 2 } }, { $not: { c: { $contains: 'x' } } }] }], d: { $exists: true } },
      'filter',
    );
    expect(conditions(filter).map((c) => `${c.kind}:${c.path.join('.')}`)).toEqual([
      'cmp:a',
      'cmp:b',
      'text:c',
      'exists:d',
    ]);
    expect(conditions(parseFilter({}, 'filter'))).toEqual([]);
  });
});
