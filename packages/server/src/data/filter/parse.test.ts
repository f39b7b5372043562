import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors/wire.js';
import { parseFieldPath, parseFilter, parseSort } from './parse.js';

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
    expect(parseFilter({ 'a.b': { $eq: null } }, 'f')).toEqual({
      kind: 'cmp',
      op: 'eq',
      path: ['a', 'b'],
      value: null,
    });
    expect(parseFilter({ d: { $date: '2024-01-01T00:00:00Z' } }, 'f')).toEqual({
      kind: 'cmp',
      op: 'eq',
      path: ['d'],
      value: { $date: '2024-01-01T00:00:00.000Z' },
    });
    expect(parseFilter({ $and: [{}, { $not: [{ a: { $gt: 1, $lt: 5 } }] }] }, 'f')).toMatchObject({
      kind: 'and',
      children: [{ kind: 'true' }, { kind: 'not' }],
    });
    expect(parseFilter({ $or: [{}, { a: 1, z: { $gt: 3 } }] }, 'f')).toMatchObject({ kind: 'or' });
    for (const op of [
      '$ne',
      '$gte',
      '$lte',
      '$in',
      '$hasSome',
      '$hasAll',
      '$contains',
      '$startsWith',
      '$endsWith',
      '$exists',
    ]) {
      const operand =
        op === '$exists' ? true : ['$in', '$hasSome', '$hasAll'].includes(op) ? [1] : op === '$ne' ? null : 'x';
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

  it('bounds the cost of a filter with limits a real filter never reaches, each named in its 400', () => {
    const message = (filter: unknown): string => {
      try {
        parseFilter(filter, 'query.filter');
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        const v = (error as ValidationError).violations[0]!;
        expect(v.ruleName).toBe('TOO_LARGE');
        return v.description;
      }
      throw new Error('expected a validation error');
    };
    const conditions = (n: number) => ({ $or: Array.from({ length: n }, (_, i) => ({ [`f${i}`]: i })) });
    const list = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    // 500 conditions, 1000 values per list and 2000 operands (conditions, values, sub-filters) are accepted ...
    expect(() => parseFilter(conditions(500), 'f')).not.toThrow();
    expect(() => parseFilter({ a: { $in: list(1000) }, b: { $hasAll: list(998) } }, 'f')).not.toThrow();
    // ... one more of each is refused, and the message names the limit.
    expect(message(conditions(501))).toMatch(/more than 500 conditions/);
    expect(message({ a: { $hasSome: list(1001) } })).toMatch(/at most 1000 values/);
    expect(message({ a: { $in: list(1000) }, b: { $hasAll: list(1000) } })).toMatch(/more than 2000 operands/);
    // The audit's 2 MB filter: 1000 × $hasAll of 500 values.
    const hostile = { $or: Array.from({ length: 1000 }, () => ({ tags: { $hasAll: list(500) } })) };
    expect(message(hostile)).toMatch(/more than 2000 operands/);
  });

  it('caps field paths at 32 segments and refuses prototype names in every position', () => {
    const path = (n: number) => Array(n).fill('a').join('.');
    expect(parseFieldPath(path(32), 'f')).toHaveLength(32);
    expect(() => parseFieldPath(path(33), 'f')).toThrow(/at most 32 segments/);
    expect(violation({ [path(256)]: 1 })).toBe(`query.filter.${path(256)}`);
    for (const bad of ['__proto__', 'a.__proto__.polluted', 'constructor.prototype', 'a.prototype']) {
      expect(() => parseFieldPath(bad, 'f'), bad).toThrow(ValidationError);
    }
    expect(() => parseSort([{ fieldName: 'a.constructor' }], 's')).toThrow(ValidationError);
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
