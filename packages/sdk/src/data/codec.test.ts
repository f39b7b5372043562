import { describe, expect, it } from 'vitest';
import { base64url, decodeDates, encodeDates } from './codec.js';
import { optimise } from './optimise.js';

describe('codec', () => {
  it('base64url encodes UTF-8 without padding or +/', () => {
    const text = JSON.stringify({ t: 'Crème ☕ 𝄞 ~~~???>>>' });
    const encoded = base64url(text);
    expect(encoded).not.toMatch(/[+/=]/);
    expect(Buffer.from(encoded, 'base64url').toString('utf8')).toBe(text);
  });

  it('encodes Dates at any depth, without touching the input', () => {
    const d = new Date('2024-05-05T05:05:05.000Z');
    const input = { a: d, b: [{ c: d }], e: 'x', n: null };
    expect(encodeDates(input)).toEqual({
      a: { $date: d.toISOString() },
      b: [{ c: { $date: d.toISOString() } }],
      e: 'x',
      n: null,
    });
    expect(input.a).toBe(d);
  });

  it('revives {$date} at any depth; plain ISO strings and unparsable $date stay', () => {
    const out = decodeDates({
      a: { $date: '2024-01-01T00:00:00.000Z' },
      b: ['2024-01-01T00:00:00.000Z', { c: { $date: 'nope' } }],
    }) as Record<string, unknown>;
    expect(out.a).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(out.b).toEqual(['2024-01-01T00:00:00.000Z', { c: { $date: 'nope' } }]);
  });

  it('optimise: unary and empty $and, nested flattening, no merge on a repeated field', () => {
    expect(optimise({ $and: [] })).toEqual({});
    expect(optimise({ $and: [{ a: 1 }] })).toEqual({ a: 1 });
    expect(optimise({ $and: [{ $and: [{ a: 1 }, { a: 2 }] }, { b: 3 }] })).toEqual({
      $and: [{ a: 1 }, { a: 2 }, { b: 3 }],
    });
    expect(optimise({ $or: [{ $or: [{ a: 1 }, { b: 2 }] }, { c: 3 }] })).toEqual({
      $or: [{ a: 1 }, { b: 2 }, { c: 3 }],
    });
    expect(optimise({ $and: [{ a: 1 }, { b: 2 }, { $or: [{ c: 1 }, { d: 1 }] }] })).toEqual({
      $and: [{ a: 1, b: 2 }, { $or: [{ c: 1 }, { d: 1 }] }],
    });
  });
});
