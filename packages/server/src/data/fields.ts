/**
 * Typed collections: the declared fields of a collection (config `fields`, `strict`) checked against the data
 * an item is about to be stored with. Every write path calls `checkFields` on the final data (insert, update,
 * save, the result of a patch, bulk entries, seeds), so a patch cannot produce what an insert would refuse.
 * Collections without `fields` are not checked at all. Referenced ids are checked for their shape only, not
 * for existence (a reference to a removed item reads as null, as it does without a schema).
 */
import type { CollectionConfig, FieldConfig, FieldType } from '../config/types.js';
import { ValidationError, type FieldViolation } from '../errors/wire.js';
import { canonicalDate, isDateValue, isPlainObject, type Json, type JsonObject } from './json.js';
import { SYSTEM_FIELDS } from './store.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const isString = (v: Json) => typeof v === 'string';
const isText = (v: Json) => typeof v === 'string' && v !== '';

function isUrl(v: Json): boolean {
  if (typeof v !== 'string' || v === '') return false;
  if (v.startsWith('/') && !v.startsWith('//')) return true;
  try {
    return ['http:', 'https:', 'mailto:', 'tel:', 'wix:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** What each type accepts (besides null, which every optional field accepts), and how it says so. */
const RULES: Record<FieldType, { ok: (v: Json) => boolean; expected: string }> = {
  text: { ok: isString, expected: 'a string' },
  richtext: { ok: isString, expected: 'a string (HTML)' },
  number: { ok: (v) => typeof v === 'number' && Number.isFinite(v), expected: 'a number' },
  boolean: { ok: (v) => typeof v === 'boolean', expected: 'true or false' },
  date: {
    // The calendar day must exist: Date.parse rolls 2024-02-30 over into March.
    ok: (v) => isDateValue(v) || (typeof v === 'string' && DAY.test(v) && canonicalDate(v)?.slice(0, 10) === v),
    expected: 'a date ("YYYY-MM-DD" or {"$date": "<ISO>"})',
  },
  datetime: { ok: isDateValue, expected: 'a date and time ({"$date": "<ISO-8601>"})' },
  time: { ok: (v) => typeof v === 'string' && TIME.test(v), expected: 'a time of day ("HH:MM" or "HH:MM:SS")' },
  image: { ok: isText, expected: 'a non-empty string (the image address)' },
  document: { ok: isText, expected: 'a non-empty string (the document address)' },
  video: { ok: isText, expected: 'a non-empty string (the video address)' },
  audio: { ok: isText, expected: 'a non-empty string (the audio address)' },
  url: { ok: isUrl, expected: 'an absolute http(s), mailto or tel URL, or a path starting with "/"' },
  pagelink: { ok: isText, expected: 'a non-empty string (the page path)' },
  language: {
    ok: (v) => typeof v === 'string' && LANGUAGE.test(v),
    expected: 'a language code such as "en" or "pt-BR"',
  },
  address: { ok: (v) => isPlainObject(v) && !isDateValue(v), expected: 'an address object' },
  reference: { ok: isText, expected: 'the id of the referenced item (a non-empty string)' },
  multireference: { ok: (v) => Array.isArray(v) && v.every(isText), expected: 'an array of referenced item ids' },
  object: { ok: (v) => isPlainObject(v) && !isDateValue(v), expected: 'an object' },
  array: { ok: Array.isArray, expected: 'an array' },
};

function violation(field: string, description: string, ruleName: string): FieldViolation {
  return { field, description, violatedRule: 'FORMAT', ruleName, data: {} };
}

function fieldProblems(field: FieldConfig, value: Json | undefined, where: string): FieldViolation[] {
  const at = `${where}.${field.key}`;
  if (value === undefined || value === null || value === '') {
    if (field.required) return [violation(at, `is required (${RULES[field.type].expected})`, 'REQUIRED')];
    if (value !== '' || field.type === 'text' || field.type === 'richtext') return [];
  }
  const rule = RULES[field.type];
  return rule.ok(value as Json) ? [] : [violation(at, `must be ${rule.expected}`, 'INVALID_TYPE')];
}

/** The violations of `data` against the collection's declared fields (empty for untyped collections). */
export function fieldViolations(
  collection: CollectionConfig,
  data: JsonObject,
  where = 'dataItem.data',
): FieldViolation[] {
  if (!collection.fields) return [];
  const problems = collection.fields.flatMap((f) =>
    fieldProblems(f, Object.hasOwn(data, f.key) ? data[f.key] : undefined, where),
  );
  if (collection.strict) {
    const declared = new Set<string>([...SYSTEM_FIELDS, ...collection.fields.map((f) => f.key)]);
    for (const key of Object.keys(data)) {
      if (!declared.has(key))
        problems.push(
          violation(`${where}.${key}`, `is not a declared field of the ${collection.id} collection`, 'UNKNOWN_FIELD'),
        );
    }
  }
  return problems;
}

/** Throws the 400 validation envelope naming every offending field. */
export function checkFields(collection: CollectionConfig, data: JsonObject, where = 'dataItem.data'): void {
  const problems = fieldViolations(collection, data, where);
  if (problems.length > 0) throw new ValidationError(problems);
}
