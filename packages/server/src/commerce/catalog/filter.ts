/**
 * Wix query filters (`{"slug": "tee"}`, `{"price": {"$gt": 10}}`, `{"$and": [...]}`) read into a checked
 * condition tree over a declared set of fields (query-fields.ts), then written as parameterised SQL: values only
 * ever travel as parameters; field names and operators come from the declared set, never from the request. A
 * field or operator outside the set is a 400 `UNSUPPORTED_QUERY` naming what is supported; a value of the wrong
 * type, a list too long or a tree too deep is a 400 validation error. The bounds keep one query's cost small
 * whoever sends it.
 */
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { commerceDate } from '../dates.js';
import { toMinor } from '../money.js';
import type { FieldSpec, FieldSpecs, Op } from './query-fields.js';

export const FILTER_LIMITS = { depth: 5, conditions: 30, listValues: 100, textLength: 200 } as const;

export type Value = string | number | boolean | null | string[];
export type Condition =
  { and: Condition[] } | { or: Condition[] } | { not: Condition } | { field: string; op: Op; value: Value };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const unsupported = (description: string, data: Record<string, unknown>) =>
  appError('UNSUPPORTED_QUERY', { description, data });

interface ParseState {
  specs: FieldSpecs;
  currency: string;
  conditions: number;
}

/**
 * The filter of a query body: an object, or (catalog v1's REST form) its JSON text. `{}` and absent filter
 * nothing (undefined).
 */
export function parseFilter(raw: unknown, path: string, specs: FieldSpecs, currency: string): Condition | undefined {
  if (raw == null || raw === '') return undefined;
  let filter = raw;
  if (typeof raw === 'string') {
    try {
      filter = JSON.parse(raw);
    } catch {
      throw invalidField(path, 'must be a JSON object, e.g. {"slug": "tee"}', 'INVALID_JSON');
    }
  }
  if (!isObject(filter)) throw invalidField(path, 'must be an object, e.g. {"slug": "tee"}');
  const state: ParseState = { specs, currency, conditions: 0 };
  const condition = readObject(filter, path, state, 0);
  return 'and' in condition && condition.and.length === 0 ? undefined : condition;
}

function readObject(filter: Record<string, unknown>, path: string, state: ParseState, depth: number): Condition {
  if (depth > FILTER_LIMITS.depth) throw invalidField(path, `nests deeper than ${FILTER_LIMITS.depth} levels`);
  const parts: Condition[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const at = `${path}.${key}`;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.some((v) => !isObject(v)))
        throw invalidField(at, 'must be an array of filter objects');
      const list = value.map((v, i) => readObject(v as Record<string, unknown>, `${at}[${i}]`, state, depth + 1));
      parts.push(key === '$and' ? { and: list } : { or: list });
    } else if (key === '$not') {
      if (!isObject(value)) throw invalidField(at, 'must be a filter object');
      parts.push({ not: readObject(value, at, state, depth + 1) });
    } else {
      parts.push(...readField(key, value, at, state));
    }
  }
  return parts.length === 1 ? parts[0]! : { and: parts };
}

function readField(field: string, value: unknown, path: string, state: ParseState): Condition[] {
  const spec = state.specs[field];
  if (!spec) {
    const supported = Object.keys(state.specs);
    throw unsupported(`Filtering by "${field.slice(0, 100)}" is not supported; filter by ${supported.join(', ')}`, {
      field: field.slice(0, 100),
      supported,
    });
  }
  // `{"slug": "tee"}` is `$eq`; an object of operators is each of them (`{"$gt": 1, "$lt": 5}`).
  const operators: [string, unknown][] =
    isObject(value) && !('$date' in value) ? Object.entries(value) : [['$eq', value]];
  if (operators.length === 0) throw invalidField(path, 'names no operator');
  return operators.map(([op, operand]) => {
    if (!spec.ops.includes(op as Op)) {
      throw unsupported(`"${field}" does not support ${op.slice(0, 40)}; it supports ${spec.ops.join(', ')}`, {
        field,
        operator: op.slice(0, 40),
        supported: spec.ops,
      });
    }
    state.conditions += 1;
    if (state.conditions > FILTER_LIMITS.conditions)
      throw invalidField(path, `a filter holds at most ${FILTER_LIMITS.conditions} conditions`);
    return { field, op: op as Op, value: readValue(spec, op as Op, operand, `${path}.${op}`, state.currency) };
  });
}

const LIST_OPS: readonly Op[] = ['$in', '$nin', '$hasSome', '$hasAll'];

function readValue(spec: FieldSpec, op: Op, operand: unknown, path: string, currency: string): Value {
  if (LIST_OPS.includes(op)) {
    if (!Array.isArray(operand)) throw invalidField(path, 'must be an array');
    if (operand.length > FILTER_LIMITS.listValues)
      throw invalidField(path, `holds at most ${FILTER_LIMITS.listValues} values`);
    return operand.map((v, i) => String(readScalar(spec, v, `${path}[${i}]`, currency, false)));
  }
  if (op === '$exists') {
    if (typeof operand !== 'boolean') throw invalidField(path, 'must be true or false');
    return operand;
  }
  return readScalar(spec, operand, path, currency, op === '$eq' || op === '$ne');
}

function readScalar(spec: FieldSpec, v: unknown, path: string, currency: string, nullable: boolean): Value {
  if (v === null && nullable) return null;
  switch (spec.kind) {
    case 'text':
    case 'collections':
    case 'sku': {
      if (typeof v !== 'string') throw invalidField(path, 'must be a string');
      if (v.length > FILTER_LIMITS.textLength)
        throw invalidField(path, `is at most ${FILTER_LIMITS.textLength} characters`);
      return v;
    }
    case 'enum': {
      const stored = typeof v === 'string' ? spec.values?.[v] : undefined;
      if (stored === undefined) throw invalidField(path, `must be one of ${Object.keys(spec.values ?? {}).join(', ')}`);
      return stored;
    }
    case 'boolean':
      if (typeof v !== 'boolean') throw invalidField(path, 'must be true or false');
      return v;
    case 'money': {
      const amount = typeof v === 'string' && /^-?\d{1,12}(\.\d{1,6})?$/.test(v) ? Number(v) : v;
      if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.abs(amount) > 1e12)
        throw invalidField(path, 'must be an amount, e.g. 18.5');
      return toMinor(amount, currency);
    }
    case 'date':
      return commerceDate(isObject(v) && typeof v.$date === 'string' ? v.$date : v, path);
    case 'micros': {
      const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
      if (typeof text !== 'string' || !/^\d{1,18}$/.test(text)) throw invalidField(path, 'must be a numeric id');
      return text;
    }
  }
}

/** The escaped LIKE pattern of a text (`\` escapes `%`, `_` and itself). */
const likeText = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

const COMPARE: Partial<Record<Op, string>> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** The SQL of a condition; its values are appended to `params` and named by position (`$3`). */
export function conditionSql(condition: Condition, specs: FieldSpecs, params: unknown[]): string {
  if ('and' in condition)
    return condition.and.length
      ? `(${condition.and.map((c) => conditionSql(c, specs, params)).join(' and ')})`
      : 'true';
  if ('or' in condition)
    return condition.or.length ? `(${condition.or.map((c) => conditionSql(c, specs, params)).join(' or ')})` : 'false';
  if ('not' in condition) return `(not coalesce(${conditionSql(condition.not, specs, params)}, false))`;
  const spec = specs[condition.field]!;
  const param = (value: unknown, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  const { op, value } = condition;
  const cast =
    spec.kind === 'money' || spec.kind === 'micros' ? '::bigint' : spec.kind === 'date' ? '::timestamptz' : '';
  const list = () => `(select jsonb_array_elements_text(${param(JSON.stringify(value), '::jsonb')})${cast})`;
  if (spec.kind === 'collections' || spec.kind === 'sku') {
    // `spec.sql` lists the row's values (its collection ids, its variants' SKUs) as `value`.
    const some = (test: string) => `exists (select 1 from (${spec.sql}) m where ${test})`;
    if (op === '$hasSome' || op === '$in') return some(`m.value in ${list()}`);
    if (op === '$hasAll') {
      const wanted = new Set(value as string[]).size;
      return `((select count(distinct m.value) from (${spec.sql}) m where m.value in ${list()}) = ${wanted})`;
    }
    if (op === '$exists') return value ? `exists (${spec.sql})` : `(not exists (${spec.sql}))`;
    if (op === '$eq') return value === null ? `(not exists (${spec.sql}))` : some(`m.value = ${param(value)}`);
    if (op === '$ne') return value === null ? `exists (${spec.sql})` : `(not ${some(`m.value = ${param(value)}`)})`;
    return some(`lower(m.value) like ${param(`${likeText(value as string)}%`)} escape '\\'`);
  }
  const expr = spec.sql;
  switch (op) {
    case '$eq':
      return value === null ? `(${expr} is null)` : `(${expr} = ${param(value, cast)})`;
    case '$ne':
      return value === null ? `(${expr} is not null)` : `(${expr} is distinct from ${param(value, cast)})`;
    case '$exists':
      return value ? `(${expr} is not null)` : `(${expr} is null)`;
    case '$in':
      return `(${expr} in ${list()})`;
    case '$nin':
      return `(${expr} is null or ${expr} not in ${list()})`;
    case '$startsWith':
      return `(lower(${expr}) like ${param(`${likeText(value as string)}%`)} escape '\\')`;
    case '$contains':
      return `(lower(${expr}) like ${param(`%${likeText(value as string)}%`)} escape '\\')`;
    default:
      return `(${expr} ${COMPARE[op]} ${param(value, cast)})`;
  }
}
