/**
 * The control each setting gets, read from its config-file schema, and the way between a control's
 * draft and the JSON value the server takes. The server judges the value (the config file's rules and
 * sentences); this only turns what was typed into JSON.
 */
import { shapeProblem, type JsonSchema } from './json-shape.js';

type Schema = Record<string, unknown> & { items?: Schema; enum?: unknown[] };

export type Control = 'choice' | 'flag' | 'number' | 'text' | 'lines' | 'choices' | 'secret' | 'json';
export type Draft = string | boolean | string[];

export function controlOf(schema: Schema, secret = false): Control {
  if (secret && schema.type === 'string') return 'secret';
  if (Array.isArray(schema.enum)) return 'choice';
  if (schema.type === 'boolean') return 'flag';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'string') return 'text';
  if (schema.type === 'array' && Array.isArray(schema.items?.enum)) return 'choices';
  if (schema.type === 'array' && schema.items?.type === 'string') return 'lines';
  return secret ? 'secret' : 'json';
}

export function toDraft(control: Control, value: unknown): Draft {
  switch (control) {
    case 'flag':
      return value === true;
    case 'choices':
      return Array.isArray(value) ? value.map(String) : [];
    case 'lines':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2);
    case 'secret':
      return '';
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

/**
 * The value to send for a draft: `null` clears the console's value (back to the file or the default);
 * `undefined` sends nothing (an untouched secret). An error says what cannot be read.
 */
export function fromDraft(control: Control, draft: Draft, schema?: JsonSchema): { value: unknown } | { error: string } {
  switch (control) {
    case 'flag':
      return { value: draft === true };
    case 'choices':
      return { value: draft as string[] };
    case 'lines': {
      const lines = String(draft)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      return { value: lines.length ? lines : null };
    }
    case 'number': {
      const text = String(draft).trim();
      if (!text) return { value: null };
      // Not a number: sent as typed, so the server answers with the config file's sentence.
      return { value: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
    }
    case 'secret':
      return { value: String(draft) === '' ? undefined : String(draft) };
    case 'json': {
      const text = String(draft).trim();
      if (!text) return { value: null };
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch (e) {
        // The parser's own words say where ("… at position 25 (line 2 column 3)").
        return { error: `is not valid JSON: ${(e as Error).message}` };
      }
      const problem = schema && shapeProblem(schema, value);
      return problem ? { error: `has a mistake: ${problem}` } : { value };
    }
    default:
      return { value: String(draft) === '' ? null : String(draft) };
  }
}

const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** The changes a form makes: every key whose draft moved from where it started, or an error naming the key. */
export function changesOf(
  fields: { key: string; control: Control; initial: Draft; draft: Draft; schema?: JsonSchema }[],
): { changes: Record<string, unknown> } | { error: string; key: string } {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    if (same(field.initial, field.draft)) continue;
    const read = fromDraft(field.control, field.draft, field.schema);
    if ('error' in read) return { error: read.error, key: field.key };
    if (read.value !== undefined) changes[field.key] = read.value;
  }
  return { changes };
}
