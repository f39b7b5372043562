import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors/wire.js';
import { compileFilter, Params } from './compile.js';
import { HEAVY_QUERY_OPERANDS, MAX_BIND_PARAMETERS, filterOperands } from './limits.js';
import { parseFilter } from './parse.js';

describe('statement limits', () => {
  it('turns a statement needing more bind parameters than the limit into a 400, never a driver error', () => {
    const params = new Params();
    for (let i = 0; i < MAX_BIND_PARAMETERS; i++) params.add(i);
    expect(MAX_BIND_PARAMETERS).toBeLessThan(65_535);
    expect(() => params.add('one too many')).toThrow(ValidationError);
    // The audit's F-7 shape stays below the limit once paths are capped: 300 × 32 segments compiles.
    const path = Array(32).fill('a').join('.');
    const node = parseFilter({ $and: Array(300).fill({ [path]: 1 }) }, 'f');
    const compiled = new Params();
    compileFilter(node, { doc: 'i.data', itemColumns: 'i.' }, compiled);
    expect(compiled.values.length).toBeLessThan(MAX_BIND_PARAMETERS);
  });

  it('counts the operands of parsed filters to tell heavy reads from ordinary ones', () => {
    expect(filterOperands(parseFilter({}, 'f'))).toBe(0);
    expect(filterOperands(parseFilter({ a: 1, b: { $gt: 2, $lt: 5 } }, 'f'))).toBe(3);
    expect(filterOperands(parseFilter({ $or: [{ a: { $in: [1, 2, 3] } }, { $not: [{ b: 1 }] }] }, 'f'))).toBe(5);
    const ids = Array.from({ length: HEAVY_QUERY_OPERANDS }, (_, i) => `id${i}`);
    expect(filterOperands(parseFilter({ _id: { $in: ids } }, 'f'))).toBeGreaterThanOrEqual(HEAVY_QUERY_OPERANDS);
  });
});
