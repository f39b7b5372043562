import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../http/errors.js';
import { parseFilter, parseSort } from './parse.js';

function violation(filter: unknown, where = 'query.filter'): string {
  try {
    parseFilter(filter, where);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const v = (error as ValidationError).violations[0]!;
    expect(v.data).toEqual(expect.any(Object));
    return v.field;
  }
  throw new Error('expected a validation error');
}

describe('filter parsing', () => {
  it('accepts the builder grammar', () => {
    expect(parseFilter({}, 'f')).toEqual({ kind: 'true' });
    expect(parseFilter(undefined, 'f')).toEqual({ kind: 'true' });
    expect(parseFilter({ a: 1 }, 'f')).toEqual({ kind: 'cmp', op: 'eq', path: ['a'], value: 1 });
    expect(parseFilter({ 'a.b': { $eq: null } }, 'f')).toEqual({ kind: 'cmp', op: 'eq', path: ['a', 'b'], value: null });
    expect(parseFilter({ d: { $date: '2024-01-01T00:00:00Z' } }, 'f')).toEqual({ kind: 'cmp', op: 'eq', path: ['d'], value: { $date: '2024-01-01T00:00:00.000Z' } });
    expect(parseFilter({ $and: [{}, { $not: [{ a: { $gt: 1, $lt: 5 } }] }] }, 'f')).toMatchObject({ kind: 'and', children: [{ kind: 'true' }, { kind: 'not' }] });
    expect(parseFilter({ $or: [{}, { a: 1, z: { $gt: 3 } }] }, 'f')).toMatchObject({ kind: 'or' });
    for (const op of ['$ne', '$gte', '$lte', '$in', '$hasSome', '$hasAll', '$contains', '$startsWith', '$endsWith', '$exists']) {
      const operand = op === '$exists' ? true : ['$in', '$hasSome', '$hasAll'].includes(op) ? [1] : op === '$ne' ? null : 'x';
      expect(() => parseFilter({ f: { [op]: operand } }, 'f')).not.toThrow();
    }
  });

  it('rejects bad filters naming the offending path', () => {
    expect(violation({ price: { $regex: '.*' } })).toBe('query.filter.price.$regex');
    expect(violation({ $where: 'x' })).toBe('query.filter.$where');
    expect(violation({ a: { $foo: 1 } })).toBe('query.filter.a.$foo');
    expect(violation({ a: { $in: 5 } })).toBe('query.filter.a.$in');
    expect(violation({ a: { $gt: true } })).toBe('query.filter.a.$gt');
    expect(violation({ a: { $gt: [1] } })).toBe('query.filter.a.$gt');
    expect(violation({ a: { $contains: 1 } })).toBe('query.filter.a.$contains');
    expect(violation({ a: { $exists: 'yes' } })).toBe('query.filter.a.$exists');
    expect(violation({ a: { $gt: 1, b: 2 } })).toBe('query.filter.a.b');
    expect(violation({ $and: {} })).toBe('query.filter.$and');
    expect(violation({ $or: [{ a: 1 }, 'x'] })).toBe('query.filter.$or[1]');
    expect(violation({ $not: [{}, {}] })).toBe('query.filter.$not');
    expect(violation({ 'a..b': 1 })).toBe('query.filter.a..b');
    expect(violation({ a: { $gt: { $date: 'not a date' } } })).toBe('query.filter.a.$gt');
    expect(violation({ a: 'nul\u0000' })).toBe('query.filter.a');
    expect(violation('a = 1')).toBe('query.filter');
    expect(violation([{ a: 1 }])).toBe('query.filter');
    let deep: Record<string, unknown> = { a: 1 };
    for (let i = 0; i < 40; i++) deep = { $and: [deep] };
    expect(violation(deep)).toMatch(/^query\.filter(\.\$and\[0\])+$/);
    expect(violation({ a: { $in: Array.from({ length: 1001 }, (_, i) => i) } })).toBe('query.filter.a.$in');
  });

  it('parses sorts', () => {
    expect(parseSort([{ fieldName: 'a.b', order: 'DESC' }, { fieldName: 'c' }], 's')).toEqual([
      { path: ['a', 'b'], field: 'a.b', desc: true },
      { path: ['c'], field: 'c', desc: false },
    ]);
    expect(() => parseSort([{ fieldName: 'a', order: 'UP' }], 's')).toThrow(ValidationError);
    expect(() => parseSort({ a: 1 }, 's')).toThrow(ValidationError);
    expect(() => parseSort([{ fieldName: 3 }], 's')).toThrow(ValidationError);
  });
});
