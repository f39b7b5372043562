/**
 * The grid's filter builder (issue #30): rows of field, operator and value, the field's type deciding the operators
 * and the input; turned into the data API's filter JSON (docs/wire-format.md §9) — the JSON box stays behind
 * "Advanced" for everything else.
 */
import type { FieldSpec } from './api.js';

export type Operator =
  '$eq' | '$ne' | '$lt' | '$lte' | '$gt' | '$gte' | '$contains' | '$startsWith' | '$exists' | '$hasSome';
export interface FilterRow {
  field: string;
  operator: Operator;
  value: string;
}

export type InputKind = 'text' | 'number' | 'date' | 'boolean' | 'none';

const TEXT: Operator[] = ['$contains', '$eq', '$ne', '$startsWith', '$exists'];
const ORDERED: Operator[] = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$exists'];
export const OPERATOR_LABELS: Record<Operator, string> = {
  $eq: 'is',
  $ne: 'is not',
  $lt: 'is less than',
  $lte: 'is at most',
  $gt: 'is more than',
  $gte: 'is at least',
  $contains: 'contains',
  $startsWith: 'starts with',
  $exists: 'is set',
  $hasSome: 'includes',
};

export function operatorsFor(type: string | undefined): Operator[] {
  switch (type) {
    case 'number':
    case 'date':
    case 'datetime':
      return ORDERED;
    case 'boolean':
      return ['$eq', '$exists'];
    case 'reference':
      return ['$eq', '$ne', '$exists'];
    case 'multireference':
    case 'array':
      return ['$hasSome', '$exists'];
    default:
      return TEXT;
  }
}

export function inputFor(type: string | undefined, operator: Operator): InputKind {
  if (operator === '$exists') return 'none';
  if (type === 'number') return 'number';
  if (type === 'date' || type === 'datetime') return 'date';
  if (type === 'boolean') return 'boolean';
  return 'text';
}

/** The filter JSON for the rows (all must match); an Error names the row whose value cannot be read. */
export function buildFilter(rows: FilterRow[], fields: Pick<FieldSpec, 'key' | 'type'>[]): Record<string, unknown> {
  const conditions = rows
    .filter((row) => row.field)
    .map((row, i) => {
      const type = fields.find((f) => f.key === row.field)?.type;
      const kind = inputFor(type, row.operator);
      let value: unknown = row.value;
      if (kind === 'none') value = true;
      else if (kind === 'number') {
        value = Number(row.value);
        if (row.value.trim() === '' || !Number.isFinite(value)) throw new Error(`Row ${i + 1}: enter a number`);
      } else if (kind === 'boolean') value = row.value === 'true';
      else if (kind === 'date') {
        if (Number.isNaN(Date.parse(row.value))) throw new Error(`Row ${i + 1}: enter a date`);
        value = type === 'date' ? row.value : { $date: new Date(row.value).toISOString() };
      } else if (row.operator === '$hasSome')
        value = row.value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
      return { [row.field]: { [row.operator]: value } };
    });
  if (conditions.length === 0) return {};
  return conditions.length === 1 ? conditions[0]! : { $and: conditions };
}
