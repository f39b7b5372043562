/**
 * CSV for the console's collections page (papaparse): items → one row each, and rows → items typed
 * by the collection's declared `fields`. Export escapes cells a spreadsheet would run as a formula
 * (a leading `'`), and import takes that `'` off again, so a file makes the round trip unchanged.
 */
import type { CollectionConfig, FieldType } from '../config/types.js';
import type { Json, JsonObject } from '../data/index.js';
import { FORMULA, papaparse } from '../http/csv.js';

const LEADING = ['_id'];
const TRAILING = ['_createdDate', '_updatedDate', '_owner'];
/** Columns the server sets itself: import reads `_id` only. */
const SYSTEM = new Set([...LEADING, ...TRAILING]);

const ESCAPED = /^'[=+\-@\t\r]/;
const unescape = (text: string) => (ESCAPED.test(text) ? text.slice(1) : text);

function cell(value: Json | undefined): string | number | boolean {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (!Array.isArray(value) && typeof value.$date === 'string' && Object.keys(value).length === 1) return value.$date;
  return JSON.stringify(value);
}

/** `_id`, the declared fields in order, every other field met (first seen first), then the system fields. */
export function itemsToCsv(collection: CollectionConfig, items: readonly JsonObject[]): string {
  const columns = [...LEADING, ...(collection.fields ?? []).map((f) => f.key)];
  const seen = new Set(columns);
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (!seen.has(key) && !SYSTEM.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  columns.push(...TRAILING);
  const rows = items.map((item) => columns.map((c) => cell(item[c])));
  return papaparse().unparse({ fields: columns, data: rows }, { escapeFormulae: FORMULA, newline: '\r\n' });
}

export interface CsvRow {
  /** 1 for the first row under the header. */
  row: number;
  id: string | undefined;
  data: JsonObject;
  /** Why the row cannot become an item (a cell that does not fit its field's type). */
  error?: string;
}

function jsonCell(text: string, key: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new Error(`${key}: "${text.slice(0, 40)}" is not valid JSON`);
  }
}

function typed(text: string, key: string, type: FieldType | undefined): Json {
  switch (type) {
    case 'number': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) throw new Error(`${key}: "${text.slice(0, 40)}" is not a number`);
      return n;
    }
    case 'boolean':
      if (/^(true|false)$/i.test(text.trim())) return text.trim().toLowerCase() === 'true';
      throw new Error(`${key}: "${text.slice(0, 40)}" is not true or false`);
    case 'datetime':
      return { $date: text };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : { $date: text };
    case 'object':
    case 'address':
    case 'array':
    case 'multireference':
      return jsonCell(text, key);
    case undefined:
      // An undeclared field: JSON when it looks like an object or array, text otherwise.
      return /^[[{]/.test(text) ? jsonCell(text, key) : text;
    default:
      return text;
  }
}

/** Rows of a CSV file with a header row; a cell that does not fit marks its row with an error. */
export function csvToRows(collection: CollectionConfig, csv: string): { rows: CsvRow[]; errors: string[] } {
  const parsed = papaparse().parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: unescape,
  });
  // A file of one column has no delimiter to detect: papaparse then reads it with a comma, which is right,
  // and only reports that it had to guess (audit S-20).
  const errors = parsed.errors
    .filter((e) => e.row === undefined && e.code !== 'UndetectableDelimiter')
    .map((e) => e.message);
  const types = new Map((collection.fields ?? []).map((f) => [f.key, f.type]));
  const rows = parsed.data.map((record, index): CsvRow => {
    const data: JsonObject = {};
    let id: string | undefined;
    try {
      for (const [key, raw] of Object.entries(record)) {
        if (typeof raw !== 'string' || raw === '' || key === '' || key === '__parsed_extra') continue;
        const text = unescape(raw);
        if (key === '_id') id = text;
        else if (!SYSTEM.has(key)) data[key] = typed(text, key, types.get(key));
      }
      const rowError = parsed.errors.find((e) => e.row === index);
      if (rowError) throw new Error(rowError.message);
      return { row: index + 1, id, data };
    } catch (error) {
      return { row: index + 1, id, data, error: (error as Error).message };
    }
  });
  return { rows, errors };
}
