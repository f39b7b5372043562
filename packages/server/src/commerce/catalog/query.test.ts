import { describe, expect, it } from 'vitest';
import { ApplicationError, ValidationError } from '../../errors/wire.js';
import { conditionSql, parseFilter, type Condition } from './filter.js';
import { orderSql, pageLimit, pageOffset, parseSearch, parseSort } from './query.js';
import { COLLECTION_FIELDS, V1_PRODUCT_FIELDS, V1_PRODUCT_SORTS, V3_PRODUCT_FIELDS } from './query-fields.js';

/** The filter as the SQL and parameters it becomes ($1 is the site). */
function sql(filter: unknown, fields = V1_PRODUCT_FIELDS, currency = 'USD') {
  const condition = parseFilter(filter, 'query.filter', fields, currency);
  const params: unknown[] = ['site'];
  return { sql: condition ? conditionSql(condition, fields, params) : undefined, params };
}

function refusal(run: () => unknown): ApplicationError | ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApplicationError || error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('catalog filters into SQL', () => {
  it('reads plain equality and $eq alike, as parameters', () => {
    expect(sql({ slug: 'tee' })).toEqual({ sql: '(p.slug = $2)', params: ['site', 'tee'] });
    expect(sql({ slug: { $eq: 'tee' } })).toEqual({ sql: '(p.slug = $2)', params: ['site', 'tee'] });
    expect(sql({}).sql).toBeUndefined();
    expect(sql(undefined).sql).toBeUndefined();
  });

  it('reads the JSON text form of catalog v1 REST', () => {
    expect(sql('{"name": {"$startsWith": "Mug"}}').sql).toBe("(lower(p.name) like $2 escape '\\')");
  });

  it('turns $hasSome on collectionIds into a membership test with the ids as one JSON parameter', () => {
    const { sql: text, params } = sql({ collectionIds: { $hasSome: ['c1', 'c2'] } });
    expect(text).toMatch(
      /^exists \(select 1 from \(select l\.collection_id as value from commerce_collection_products l/,
    );
    expect(text).toContain('m.value in (select jsonb_array_elements_text($2::jsonb))');
    expect(params).toEqual(['site', '["c1","c2"]']);
    // Wix's documented alias.
    expect(sql({ 'collections.id': { $hasSome: ['c1'] } }).sql).toBe(text);
  });

  it('counts distinct ids for $hasAll', () => {
    expect(sql({ collectionIds: { $hasAll: ['a', 'b', 'a'] } }).sql).toMatch(/\) = 2\)$/);
  });

  it('joins $and, $in and $startsWith, escaping LIKE wildcards in the value', () => {
    const { sql: text, params } = sql({ $and: [{ id: { $in: ['a', 'b'] } }, { name: { $startsWith: '50%_off\\' } }] });
    expect(text).toBe(
      "((p.id in (select jsonb_array_elements_text($2::jsonb))) and (lower(p.name) like $3 escape '\\'))",
    );
    expect(params).toEqual(['site', '["a","b"]', '50\\%\\_off\\\\%']);
  });

  it('reads prices in major units into minor units of the currency', () => {
    const { sql: text, params } = sql({ price: { $gte: 10, $lt: '20.5' } });
    expect(text).toMatch(/^\(\(\(select min\(v\.price\).*>= \$2::bigint\) and \(.*< \$3::bigint\)\)$/s);
    expect(params).toEqual(['site', 1000, 2050]);
    expect(sql({ 'priceData.price': 1500 }, V1_PRODUCT_FIELDS, 'JPY').params).toEqual(['site', 1500]);
  });

  it('reads $or, $not, booleans, enums, dates and numeric ids', () => {
    const { sql: text, params } = sql({
      $or: [{ visible: false }, { $not: { productType: 'digital' } }],
      lastUpdated: { $gt: { $date: '2024-05-01T00:00:00Z' } },
      numericId: { $lt: '1700000000000000' },
    });
    expect(text).toContain('(p.visible = $2)');
    expect(text).toContain('(not coalesce((p.product_type = $3), false))');
    expect(text).toContain('(p.updated_at > $4::timestamptz)');
    expect(text).toContain('< $5::bigint');
    expect(params).toEqual(['site', false, 'digital', '2024-05-01T00:00:00.000Z', '1700000000000000']);
    expect(sql({ productType: 'PHYSICAL' }, V3_PRODUCT_FIELDS).params).toEqual(['site', 'physical']);
  });

  it('reads $exists as presence', () => {
    expect(sql({ ribbon: { $exists: true } }).sql).toBe('(p.ribbon is not null)');
    expect(sql({ collectionIds: { $exists: false } }).sql).toMatch(/^\(not exists \(select l\.collection_id/);
    expect(refusal(() => sql({ ribbon: { $exists: 'yes' } }))).toBeInstanceOf(ValidationError);
  });

  it('tests null as emptiness on nullable columns', () => {
    expect(sql({ ribbon: null }).sql).toBe('(p.ribbon is null)');
    expect(sql({ ribbon: { $ne: null } }).sql).toBe('(p.ribbon is not null)');
  });

  it('never writes a value or an unknown name into the SQL', () => {
    const evil = "x'); drop table commerce_products; --";
    const { sql: text, params } = sql({ name: evil, slug: { $in: [evil] } });
    expect(text).not.toContain('drop');
    expect(params).toContain(evil);
    const error = refusal(() => sql({ [evil]: 1 }));
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe('UNSUPPORTED_QUERY');
  });

  it('refuses fields and operators outside the declared set with 400 UNSUPPORTED_QUERY naming what is supported', () => {
    const field = refusal(() => sql({ weight: 1 })) as ApplicationError;
    expect(field.status).toBe(400);
    expect(field.data.supported).toContain('collectionIds');
    const op = refusal(() => sql({ name: { $hasSome: ['x'] } })) as ApplicationError;
    expect(op.code).toBe('UNSUPPORTED_QUERY');
    expect(op.data).toMatchObject({ field: 'name', operator: '$hasSome' });
    // Collections have their own, smaller set.
    expect(refusal(() => sql({ price: 1 }, COLLECTION_FIELDS))).toBeInstanceOf(ApplicationError);
  });

  it('refuses wrong values and oversized filters as validation errors on the field', () => {
    const cases: [unknown, string][] = [
      [{ price: { $gt: 'cheap' } }, 'query.filter.price.$gt'],
      [{ visible: 'yes' }, 'query.filter.visible.$eq'],
      [{ productType: 'service' }, 'query.filter.productType.$eq'],
      [{ id: { $in: Array.from({ length: 101 }, (_, i) => `p${i}`) } }, 'query.filter.id.$in'],
      [{ name: 'x'.repeat(201) }, 'query.filter.name.$eq'],
      [{ lastUpdated: { $gt: 'yesterday' } }, 'query.filter.lastUpdated.$gt'],
      ['{not json', 'query.filter'],
      [[1], 'query.filter'],
    ];
    for (const [filter, field] of cases) {
      const error = refusal(() => sql(filter));
      expect(error, JSON.stringify(filter).slice(0, 60)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).violations[0]!.field).toBe(field);
    }
    let deep: Record<string, unknown> = { slug: 'a' };
    for (let i = 0; i < 7; i++) deep = { $and: [deep] };
    expect(refusal(() => sql(deep))).toBeInstanceOf(ValidationError);
    const many = { $or: Array.from({ length: 31 }, (_, i) => ({ slug: `s${i}` })) };
    expect(refusal(() => sql(many))).toBeInstanceOf(ValidationError);
  });
});

describe('catalog sorts and pages', () => {
  it('reads the SDK form and the REST text form, and always ends on the id', () => {
    const sdk = parseSort(
      [{ fieldName: 'price', order: 'DESC' }, { fieldName: 'name' }],
      'query.sort',
      V1_PRODUCT_SORTS,
    );
    expect(sdk).toEqual([
      { field: 'price', desc: true },
      { field: 'name', desc: false },
    ]);
    expect(parseSort('[{"lastUpdated": "desc"}]', 'query.sort', V1_PRODUCT_SORTS)).toEqual([
      { field: 'lastUpdated', desc: true },
    ]);
    const order = orderSql(sdk, V1_PRODUCT_SORTS, 'p.position asc', 'p.id');
    expect(order).toMatch(/desc nulls last, lower\(p\.name\) asc nulls last, p\.id asc$/);
    expect(orderSql([], V1_PRODUCT_SORTS, 'p.position asc', 'p.id')).toBe('p.position asc, p.id asc');
  });

  it('refuses unknown sort fields and orders', () => {
    expect((refusal(() => parseSort([{ fieldName: 'weight' }], 'q', V1_PRODUCT_SORTS)) as ApplicationError).code).toBe(
      'UNSUPPORTED_QUERY',
    );
    expect(refusal(() => parseSort([{ fieldName: 'name', order: 'UP' }], 'q', V1_PRODUCT_SORTS))).toBeInstanceOf(
      ValidationError,
    );
    expect(refusal(() => parseSort([{}, {}, {}, {}], 'q', V1_PRODUCT_SORTS))).toBeInstanceOf(ValidationError);
  });

  it('caps a page at 100 and offsets at 100,000', () => {
    expect(pageLimit(undefined, 'l')).toBe(100);
    expect(pageLimit(50, 'l')).toBe(50);
    expect(pageLimit(0, 'l')).toBe(100);
    expect((refusal(() => pageLimit(101, 'query.paging.limit')) as ValidationError).violations[0]!.field).toBe(
      'query.paging.limit',
    );
    expect(refusal(() => pageLimit(1.5, 'l'))).toBeInstanceOf(ValidationError);
    expect(pageOffset(100_000, 'o')).toBe(100_000);
    expect(refusal(() => pageOffset(100_001, 'o'))).toBeInstanceOf(ValidationError);
  });

  it('reads a search expression into at most ten words', () => {
    expect(parseSearch({ expression: 'Wool  throw wool' }, 's')).toEqual({ words: ['wool', 'throw'], mode: 'OR' });
    expect(parseSearch({ expression: 'a b', mode: 'AND' }, 's')).toEqual({ words: ['a', 'b'], mode: 'AND' });
    expect(parseSearch({ expression: '' }, 's')).toBeUndefined();
    expect(refusal(() => parseSearch({ expression: 'a b c d e f g h i j k' }, 's'))).toBeInstanceOf(ValidationError);
    expect(refusal(() => parseSearch({ expression: 'x', fields: ['sku'] }, 's'))).toBeInstanceOf(ApplicationError);
  });
});

// The tree itself, for the record of what a refusal-free filter becomes.
it('parses a filter into a checked condition tree', () => {
  const tree: Condition | undefined = parseFilter(
    { name: { $startsWith: 'M', $contains: 'ug' } },
    'f',
    V1_PRODUCT_FIELDS,
    'EUR',
  );
  expect(tree).toEqual({
    and: [
      { field: 'name', op: '$startsWith', value: 'M' },
      { field: 'name', op: '$contains', value: 'ug' },
    ],
  });
});
