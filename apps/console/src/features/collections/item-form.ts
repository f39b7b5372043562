import { messageOf } from '../../api/client.js';
import type { FieldSpec, Item } from './api.js';

/**
 * The item form's values as text (what inputs hold) and back to JSON for the server. Nested values
 * (objects, arrays, references lists) are edited as JSON; fields the collection does not declare are
 * kept together in one JSON object so nothing is lost when an item is saved.
 */
export const JSON_TYPES = new Set(['object', 'address', 'array', 'multireference']);
const SYSTEM = ['_id', '_createdDate', '_updatedDate', '_owner'];

export interface FormValues {
  fields: Record<string, string | boolean>;
  /** Undeclared fields as a JSON object. */
  others: string;
}

function asText(value: unknown, type: string): string | boolean {
  if (type === 'boolean') return value === true;
  if (value === undefined || value === null) return '';
  if (JSON_TYPES.has(type)) return JSON.stringify(value, null, 2);
  if (typeof value === 'object' && '$date' in (value as object)) return String((value as { $date: string }).$date);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function toForm(fields: FieldSpec[], item: Item | undefined): FormValues {
  const declared = new Set(fields.map((f) => f.key));
  const values: Record<string, string | boolean> = {};
  for (const f of fields) values[f.key] = asText(item?.[f.key], f.type);
  const others: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item ?? {})) if (!declared.has(k) && !SYSTEM.includes(k)) others[k] = v;
  return { fields: values, others: Object.keys(others).length ? JSON.stringify(others, null, 2) : '' };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${what} is not valid JSON: ${messageOf(e)}`);
  }
}

/** The item to send; throws an Error naming the field when a value cannot be read. */
export function fromForm(fields: FieldSpec[], values: FormValues): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  if (values.others.trim()) {
    const others = parseJson(values.others, 'Other fields');
    if (typeof others !== 'object' || others === null || Array.isArray(others))
      throw new Error('Other fields must be a JSON object');
    Object.assign(item, others);
  }
  for (const f of fields) {
    const raw = values.fields[f.key];
    if (f.type === 'boolean') {
      item[f.key] = raw === true;
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (text.trim() === '') continue;
    if (f.type === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n)) throw new Error(`${f.key} must be a number`);
      item[f.key] = n;
    } else if (JSON_TYPES.has(f.type)) item[f.key] = parseJson(text, f.key);
    else if (f.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text.trim())) item[f.key] = text.trim();
    else if (f.type === 'datetime' || f.type === 'date') {
      const ms = Date.parse(text);
      if (Number.isNaN(ms)) throw new Error(`${f.key} must be a date and time such as 2026-05-01T12:00:00Z`);
      item[f.key] = { $date: new Date(ms).toISOString() };
    } else item[f.key] = text;
  }
  return item;
}
