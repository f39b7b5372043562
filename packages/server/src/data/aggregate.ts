/**
 * Aggregation (docs/wire-format.md §9.1 `/items/aggregate`): initial filter → group by fields → sum/average/min/max/itemCount →
 * final filter and sort on the result rows → paging. All in one SQL statement; the final filter and sort
 * go through the same compiler, applied to the computed row document.
 */
import type { CollectionConfig } from '../config/types.js';
import { invalidField } from '../errors/wire.js';
import { compileFilter, compileSort, fieldExpr, Params } from './filter/compile.js';
import { parseFieldPath, parseFilter, parseSort } from './filter/parse.js';
import { isPlainObject, type JsonObject } from './json.js';
import { pagingMetadata, readPaging } from './paging.js';
import { authorize } from './permissions.js';
import { itemsWhere, searchScope } from './query.js';
import { resolveSearch } from './search-indexes.js';
import type { Body, DataScope } from './scope.js';
import { filterOperands } from './filter/limits.js';
import { admitRead } from './throttle.js';
import { itemLanguage, itemTarget } from './translations.js';
import { refuseModuleRead, servedByModule } from './module-reads.js';

const OPS = { sum: 'Sum', average: 'Avg', min: 'Min', max: 'Max' } as const;
type OpName = keyof typeof OPS | 'itemCount';

interface Operation {
  name: string;
  op: OpName;
  field: string | undefined;
}

function parseAggregation(value: unknown): { groups: string[]; ops: Operation[] } {
  if (value == null) return { groups: [], ops: [] };
  if (!isPlainObject(value)) throw invalidField('aggregation', 'must be an object');
  const groupsRaw = value.groupingFields ?? [];
  if (!Array.isArray(groupsRaw) || groupsRaw.length > 16)
    throw invalidField('aggregation.groupingFields', 'must be an array of at most 16 field names');
  const groups = groupsRaw.map((g: unknown, i) => {
    if (typeof g !== 'string') throw invalidField(`aggregation.groupingFields[${i}]`, 'must be a string');
    parseFieldPath(g, `aggregation.groupingFields[${i}]`);
    return g;
  });
  const opsRaw = value.operations ?? [];
  if (!Array.isArray(opsRaw) || opsRaw.length > 50)
    throw invalidField('aggregation.operations', 'must be an array of at most 50 operations');
  const ops = opsRaw.map((o: unknown, i): Operation => {
    const at = `aggregation.operations[${i}]`;
    if (!isPlainObject(o)) throw invalidField(at, 'must be an object');
    const kinds = (['sum', 'average', 'min', 'max', 'itemCount'] as const).filter((k) => o[k] != null);
    if (kinds.length !== 1) throw invalidField(at, 'must have exactly one of sum, average, min, max, itemCount');
    const op = kinds[0]!;
    let field: string | undefined;
    if (op !== 'itemCount') {
      const spec = o[op];
      if (!isPlainObject(spec) || typeof spec.itemFieldName !== 'string')
        throw invalidField(`${at}.${op}.itemFieldName`, 'must be a string', 'REQUIRED');
      parseFieldPath(spec.itemFieldName, `${at}.${op}.itemFieldName`);
      field = spec.itemFieldName;
    }
    const name = o.resultFieldName ?? (op === 'itemCount' ? 'count' : `${field}${OPS[op]}`);
    if (typeof name !== 'string' || name === '' || name.startsWith('$') || name === '_id')
      throw invalidField(`${at}.resultFieldName`, 'must be a field name');
    return { name, op, field };
  });
  return { groups, ops };
}

export async function aggregate(scope: DataScope, collection: CollectionConfig, body: Body) {
  const module = servedByModule(scope, collection.id);
  if (module) refuseModuleRead(module, 'aggregate');
  const access = authorize(collection, 'read', scope.caller);
  const page = readPaging(scope, body, body, 'aggregate', collection.id);
  const saved = isPlainObject(page.saved)
    ? page.saved
    : { i: body.initialFilter, a: body.aggregation, f: body.finalFilter, s: body.sort };
  const initial = parseFilter(saved.i, 'initialFilter');
  const { groups, ops } = parseAggregation(saved.a);
  const final = parseFilter(saved.f, 'finalFilter');
  const sort = parseSort(saved.s, 'sort');
  const lang = itemLanguage(scope.site, collection, body.language);
  await admitRead(scope, filterOperands(initial) + filterOperands(final));

  const search = await resolveSearch(searchScope(scope), collection, initial, 'initialFilter');
  const params = new Params();
  const where = itemsWhere(scope, collection, access, initial, params, lang, search);
  // With a language, grouping by a translatable field groups by that language's values.
  const path = (field: string) => fieldExpr(itemTarget(lang), parseFieldPath(field, 'field'), params);
  const groupExprs = groups.map(path);
  const pairs: string[] = [];
  const idPairs = groups.map((g, n) => `${params.add(g)}::text, ${groupExprs[n]}`);
  pairs.push(`'_id', ${groups.length === 0 ? `'null'::jsonb` : `jsonb_build_object(${idPairs.join(', ')})`}`);
  groups.forEach((g, n) => pairs.push(`${params.add(g)}::text, ${groupExprs[n]}`));
  for (const o of ops) {
    let expr = 'count(*)';
    if (o.op !== 'itemCount') {
      const x = path(o.field!);
      const num = `case when jsonb_typeof(${x}) = 'number' then (${x})::numeric end`;
      expr = o.op === 'sum' ? `coalesce(sum(${num}), 0)` : `${o.op === 'average' ? 'avg' : o.op}(${num})`;
    }
    pairs.push(`${params.add(o.name)}::text, ${expr}`);
  }
  const grouped = `select jsonb_build_object(${pairs.join(', ')}) as r from data_items i where ${where}${
    groups.length ? ` group by ${groupExprs.join(', ')}` : ''
  }`;
  const finalSql = compileFilter(final, { doc: 't.r' }, params);
  const countValues = [...params.values];
  const order = compileSort(sort, { doc: 't.r' }, params, `t.r -> '_id'`);
  const sql = `select t.r from (${grouped}) t where ${finalSql} order by ${order} limit ${params.add(page.limit + 1)} offset ${params.add(page.offset)}`;
  const rows = (await scope.db.query<{ r: JsonObject }>(sql, params.values)).rows;
  const hasNext = rows.length > page.limit;
  const results = rows.slice(0, page.limit).map((row) => row.r);
  let total: number | undefined;
  if (page.returnTotalCount) {
    const c = await scope.db.query<{ n: number }>(
      `select count(*) as n from (${grouped}) t where ${finalSql}`,
      countValues,
    );
    total = Number(c.rows[0]?.n ?? 0);
  }
  return {
    results,
    pagingMetadata: pagingMetadata(scope, page, 'aggregate', collection.id, saved, results.length, hasNext, total),
  };
}
