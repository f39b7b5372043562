/** `$search`: where it may stand, its bounds, and the SQL it compiles to (docs/data.md → Full-text search). */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors/wire.js';
import { compileFilter, Params } from './compile.js';
import { evaluate } from './evaluate.js';
import { parseFilter } from './parse.js';
import { searchRankSql, type SearchTarget } from './search.js';
import { searchTerms } from './search-text.js';
import { searchOf } from './walk.js';

/** The violation a parse fails with: field and rule. */
function refusal(filter: unknown): { field: string; ruleName?: string } {
  try {
    parseFilter(filter, 'query.filter');
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const v = (error as ValidationError).violations[0]!;
    return { field: v.field, ruleName: v.ruleName };
  }
  throw new Error('the filter was accepted');
}

const target: SearchTarget = {
  document: 'DOC',
  plain: 'PLAIN',
  queries: new Map([
    ['linen', "'linen'"],
    ['blankets', "'blanket'"],
    ['mug', "'mug'"],
    ['the', ''],
  ]),
  guard: "i.site_id = 's' and i.collection_id = 'c'",
};

describe('$search in a filter', () => {
  it('stands at the top, or in top-level $and, beside other conditions', () => {
    expect(parseFilter({ $search: ' Linen  BLANKETS linen ' }, 'f')).toEqual({
      kind: 'search',
      text: 'Linen  BLANKETS linen',
      terms: ['linen', 'blankets'],
    });
    const mixed = parseFilter({ $and: [{ price: { $lt: 50 } }, { $search: 'mug' }], inStock: true }, 'f');
    expect(searchOf(mixed)).toMatchObject({ kind: 'search', terms: ['mug'] });
  });

  it('is refused under $or or $not, on a field, twice, or not a string', () => {
    expect(refusal({ $or: [{ $search: 'mug' }, { a: 1 }] })).toEqual({
      field: 'query.filter.$or[0].$search',
      ruleName: 'INVALID_FILTER',
    });
    expect(refusal({ $not: { $search: 'mug' } }).field).toBe('query.filter.$not.$search');
    expect(refusal({ title: { $search: 'mug' } }).field).toBe('query.filter.title.$search');
    expect(refusal({ $search: 'mug', $and: [{ $search: 'cup' }] }).field).toBe('query.filter.$and[0].$search');
    expect(refusal({ $search: 7 })).toEqual({ field: 'query.filter.$search', ruleName: 'INVALID_OPERAND' });
    expect(refusal({ $search: ' !? ' }).ruleName).toBe('INVALID_OPERAND');
  });

  it('bounds the text: characters, words, word length; no tsquery operator passes', () => {
    expect(refusal({ $search: 'a'.repeat(201) })).toEqual({ field: 'query.filter.$search', ruleName: 'TOO_LARGE' });
    expect(refusal({ $search: 'a b c d e f g h i' }).ruleName).toBe('TOO_LARGE');
    expect(refusal({ $search: 'x'.repeat(41) }).ruleName).toBe('TOO_LARGE');
    expect(searchTerms("linen & !wool | ':*' (cotton)", 'q').terms).toEqual(['linen', 'wool', 'cotton']);
    expect(searchTerms('Café  كوبٌ', 'q').terms).toEqual(['café', 'كوبٌ']);
  });
});

describe("$search as Wix's search details (items.search())", () => {
  it('reads {expression, mode, fuzzy}: OR asks for any word, no fuzzy leaves typos out', () => {
    expect(parseFilter({ $search: { expression: 'Linen mug' } }, 'f')).toEqual({
      kind: 'search',
      text: 'Linen mug',
      terms: ['linen', 'mug'],
      exact: true,
    });
    expect(parseFilter({ $search: { expression: 'linen', mode: 'OR', fuzzy: true } }, 'f')).toEqual({
      kind: 'search',
      text: 'linen',
      terms: ['linen'],
      anyWord: true,
    });
    expect(parseFilter({ $search: { expression: 'linen', mode: 'AND', fuzzy: false } }, 'f')).toMatchObject({
      exact: true,
    });
  });

  it('refuses other keys, modes and types, naming the detail', () => {
    expect(refusal({ $search: { expression: 'mug', boost: 2 } })).toEqual({
      field: 'query.filter.$search.boost',
      ruleName: 'INVALID_OPERAND',
    });
    expect(refusal({ $search: { expression: 'mug', mode: 'XOR' } }).field).toBe('query.filter.$search.mode');
    expect(refusal({ $search: { expression: 'mug', fuzzy: 'yes' } }).field).toBe('query.filter.$search.fuzzy');
    expect(refusal({ $search: { expression: { expression: 'mug' } } }).field).toBe('query.filter.$search.expression');
    expect(refusal({ $search: { expression: 'x'.repeat(201) } })).toEqual({
      field: 'query.filter.$search.expression',
      ruleName: 'TOO_LARGE',
    });
  });

  it('compiles OR mode as any word, and exact words without the trigram test', () => {
    const params = new Params();
    const filter = parseFilter({ $search: { expression: 'mug blankets', mode: 'OR' } }, 'f');
    expect(compileFilter(filter, { doc: 'i.data', search: target }, params)).toBe(
      "(i.site_id = 's' and i.collection_id = 'c' and ((DOC @@ $1::tsquery) or (DOC @@ $2::tsquery)))",
    );
    expect(params.values).toEqual(["'mug'", "'blanket'"]);
  });
});

describe('$search compiled', () => {
  it('ANDs one tsquery per word, with a trigram test for long words, behind the index guard; stop words drop', () => {
    const params = new Params();
    const filter = parseFilter({ $search: 'the mug blankets' }, 'f');
    const sql = compileFilter(filter, { doc: 'i.data', search: target }, params);
    expect(sql).toBe(
      "(i.site_id = 's' and i.collection_id = 'c' and (DOC @@ $1::tsquery) and (DOC @@ $3::tsquery or $2::text <% PLAIN))",
    );
    expect(params.values).toEqual(["'mug'", 'blankets', "'blanket'"]);
  });

  it('matches nothing when every word is a stop word', () => {
    const sql = compileFilter(parseFilter({ $search: 'the' }, 'f'), { doc: 'i.data', search: target }, new Params());
    expect(sql).toBe('false');
  });

  it('ranks by ts_rank of any word plus a hundredth of the word similarity, as numeric', () => {
    const params = new Params();
    const node = searchOf(parseFilter({ $search: 'linen blankets' }, 'f'))!;
    expect(searchRankSql(node, target, params)).toBe(
      '(ts_rank(DOC, $1::tsquery) + word_similarity($2::text, PLAIN) / 100)::numeric',
    );
    expect(params.values).toEqual(["('linen') | ('blanket')", 'linen blankets']);
  });

  it('is a 400, not a 500, where no searchable text is known (in memory, an aggregation’s final filter)', () => {
    const filter = parseFilter({ $search: 'mug' }, 'f');
    expect(() => compileFilter(filter, { doc: 'g.r' }, new Params())).toThrow(ValidationError);
    expect(() => evaluate(filter, { title: 'mug' })).toThrow(/not available/);
  });
});
