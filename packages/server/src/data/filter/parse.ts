/**
 * Filter and sort parsing: caller JSON → validated `FilterNode` / `SortSpec[]`.
 * Every rejection is a 400 validation error whose field names the offending path (e.g. `query.filter.price.$regex`).
 * The cost limits of `limits.ts` are checked while parsing, before any operand is even normalised, so an
 * oversized filter is refused after reading only as much of it as the limits allow.
 */
import { ValidationError } from '../../errors/wire.js';
import { isPlainObject, normalizeJson, type Json } from '../json.js';
import { searchTerms } from './search-text.js';
import type { FieldPath, FilterNode, SortSpec } from './ast.js';
import {
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
  MAX_FILTER_OPERANDS,
  MAX_LIST_VALUES,
  MAX_PATH_SEGMENTS,
} from './limits.js';

export { MAX_FILTER_DEPTH } from './limits.js';
export const MAX_SORT_FIELDS = 16;
const MAX_PATH_LENGTH = 512;
// Names that reach Object.prototype when used as keys of a plain object (F-17).
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function fail(field: string, description: string, ruleName = 'INVALID_FILTER'): never {
  throw new ValidationError(
    [{ field, description, violatedRule: 'FORMAT', ruleName, data: {} }],
    `${field}: ${description}`,
  );
}

/** Parses a dotted field name; rejects empty segments, `$` names, prototype names and over-deep paths. */
export function parseFieldPath(name: string, where: string): FieldPath {
  if (name.length === 0 || name.length > MAX_PATH_LENGTH) fail(where, 'field name must be 1–512 characters');
  const parts = name.split('.');
  if (parts.length > MAX_PATH_SEGMENTS)
    fail(
      where,
      `field name has ${parts.length} segments; at most ${MAX_PATH_SEGMENTS} segments are allowed`,
      'TOO_LARGE',
    );
  for (const part of parts) {
    if (part === '') fail(where, `field name "${name}" has an empty segment`);
    if (part.startsWith('$')) fail(where, `"${part}" is not a field name`);
    if (PROTOTYPE_NAMES.has(part)) fail(where, `"${part}" is not allowed in a field name`);
  }
  normalizeJson(name, where);
  return parts;
}

/** What one filter has used of its budget so far. */
interface State {
  conditions: number;
  operands: number;
  /** Where the filter's `$search` is, once one was read: a filter ranks by one text only. */
  search?: string;
}

/** Counts `operands` (sub-filters of `$and`/`$or`/`$not`, or a condition and its list values) against the budget. */
function charge(state: State, where: string, operands: number): void {
  state.operands += operands;
  if (state.operands > MAX_FILTER_OPERANDS) {
    fail(
      where,
      `filter has more than ${MAX_FILTER_OPERANDS} operands (conditions, list values and sub-filters); split the query`,
      'TOO_LARGE',
    );
  }
}

/** One field condition with `listValues` values. */
function chargeCondition(state: State, where: string, listValues = 0): void {
  if (++state.conditions > MAX_FILTER_CONDITIONS)
    fail(where, `filter has more than ${MAX_FILTER_CONDITIONS} conditions`, 'TOO_LARGE');
  charge(state, where, 1 + listValues);
}

export function parseFilter(filter: unknown, where: string): FilterNode {
  if (filter === undefined || filter === null) return { kind: 'true' };
  return parseObject(filter, where, 0, { conditions: 0, operands: 0 }, true);
}

/**
 * `ranked`: the object is the filter itself or reached from it through `$and`s only, where a `$search` may stand.
 * Under `$or` or `$not` it may not: its relevance orders the answer, which a text that need not match cannot do.
 */
function parseObject(value: unknown, where: string, depth: number, state: State, ranked = false): FilterNode {
  if (depth > MAX_FILTER_DEPTH) fail(where, `filter is nested deeper than ${MAX_FILTER_DEPTH} levels`, 'TOO_DEEP');
  if (!isPlainObject(value)) fail(where, 'filter must be an object');
  const parts: FilterNode[] = [];
  for (const [key, operand] of Object.entries(value)) {
    const at = `${where}.${key}`;
    if (key === '$and' || key === '$or') {
      const list = Array.isArray(operand) ? operand : fail(at, `${key} takes an array of filters`);
      charge(state, at, list.length);
      const children = list.map((f, i) => parseObject(f, `${at}[${i}]`, depth + 1, state, ranked && key === '$and'));
      parts.push({ kind: key === '$and' ? 'and' : 'or', children });
    } else if (key === '$not') {
      charge(state, at, 1);
      const inner = Array.isArray(operand)
        ? operand.length === 1
          ? operand[0]
          : fail(at, '$not takes a one-element array')
        : operand;
      parts.push({
        kind: 'not',
        child: parseObject(inner, Array.isArray(operand) ? `${at}[0]` : at, depth + 1, state),
      });
    } else if (key === '$search') {
      parts.push(parseSearch(operand, at, state, ranked));
    } else if (key.startsWith('$')) {
      fail(at, key === '$regex' ? '$regex is not supported' : `unknown operator ${key}`, 'UNKNOWN_OPERATOR');
    } else {
      parts.push(...parseField(parseFieldPath(key, at), operand, at, state));
    }
  }
  return parts.length === 1 ? parts[0]! : parts.length === 0 ? { kind: 'true' } : { kind: 'and', children: parts };
}

function parseSearch(operand: unknown, at: string, state: State, ranked: boolean): FilterNode {
  if (!ranked)
    fail(at, '$search may stand only at the top of the filter or in its top-level $and, not under $or or $not');
  if (state.search !== undefined) fail(at, `a filter holds one $search (another is at ${state.search})`);
  state.search = at;
  const { text, terms, anyWord, exact } = searchTerms(operand, at);
  chargeCondition(state, at, terms.length);
  return { kind: 'search', text, terms, ...(anyWord && { anyWord }), ...(exact && { exact }) };
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.some((k) => k.startsWith('$')) && !(keys.length === 1 && keys[0] === '$date');
}

function operandValue(value: unknown, at: string): Json {
  return normalizeJson(value === undefined ? null : value, at);
}

function parseField(path: FieldPath, operand: unknown, where: string, state: State): FilterNode[] {
  if (!isOperatorObject(operand)) {
    chargeCondition(state, where);
    return [{ kind: 'cmp', op: 'eq', path, value: operandValue(operand, where) }];
  }
  const out: FilterNode[] = [];
  for (const [op, raw] of Object.entries(operand)) {
    const at = `${where}.${op}`;
    const values = Array.isArray(raw) && (op === '$in' || op === '$hasSome' || op === '$hasAll') ? raw.length : 0;
    if (values > MAX_LIST_VALUES) fail(at, `${op} takes at most ${MAX_LIST_VALUES} values`, 'TOO_LARGE');
    chargeCondition(state, at, values);
    switch (op) {
      case '$eq':
      case '$ne':
        out.push({ kind: 'cmp', op: op === '$eq' ? 'eq' : 'ne', path, value: operandValue(raw, at) });
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const value = operandValue(raw, at);
        const ok = typeof value === 'number' || typeof value === 'string' || (isPlainObject(value) && '$date' in value);
        if (!ok) fail(at, `${op} takes a number, a string or a date`, 'INVALID_OPERAND');
        out.push({ kind: 'cmp', op: op.slice(1) as 'gt' | 'gte' | 'lt' | 'lte', path, value });
        break;
      }
      case '$in':
      case '$hasSome':
      case '$hasAll': {
        if (!Array.isArray(raw)) fail(at, `${op} takes an array of values`, 'INVALID_OPERAND');
        const values = raw.map((v, i) => operandValue(v, `${at}[${i}]`));
        out.push({ kind: 'in', op: op.slice(1) as 'in' | 'hasSome' | 'hasAll', path, values });
        break;
      }
      case '$contains':
      case '$startsWith':
      case '$endsWith':
        if (typeof raw !== 'string') fail(at, `${op} takes a string`, 'INVALID_OPERAND');
        normalizeJson(raw, at);
        out.push({ kind: 'text', op: op.slice(1) as 'contains' | 'startsWith' | 'endsWith', path, value: raw });
        break;
      case '$exists':
        if (typeof raw !== 'boolean') fail(at, '$exists takes true or false', 'INVALID_OPERAND');
        out.push({ kind: 'exists', path, value: raw });
        break;
      default:
        if (!op.startsWith('$')) fail(at, 'cannot mix operators and field values in one condition');
        if (op === '$search')
          fail(
            at,
            "$search searches the collection's searchable fields: write it at the top of the filter, not on a field",
          );
        fail(at, op === '$regex' ? '$regex is not supported' : `unknown operator ${op}`, 'UNKNOWN_OPERATOR');
    }
  }
  return out;
}

/** `[{fieldName, order: 'ASC'|'DESC'}]`; a missing order means ascending. */
export function parseSort(sort: unknown, where: string): SortSpec[] {
  if (sort === undefined || sort === null) return [];
  if (!Array.isArray(sort)) fail(where, 'sort must be an array of {fieldName, order}', 'INVALID_SORT');
  if (sort.length > MAX_SORT_FIELDS) fail(where, `at most ${MAX_SORT_FIELDS} sort fields`, 'INVALID_SORT');
  return sort.map((entry: unknown, i) => {
    const at = `${where}[${i}]`;
    if (!isPlainObject(entry) || typeof entry.fieldName !== 'string')
      fail(`${at}.fieldName`, 'must be a string', 'INVALID_SORT');
    const order = entry.order ?? 'ASC';
    if (order !== 'ASC' && order !== 'DESC') fail(`${at}.order`, 'must be ASC or DESC', 'INVALID_SORT');
    return { path: parseFieldPath(entry.fieldName, `${at}.fieldName`), field: entry.fieldName, desc: order === 'DESC' };
  });
}
