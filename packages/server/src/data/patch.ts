/** Field modifications of patch / bulk patch (docs/wire-format.md §9.1): SET_FIELD, REMOVE_FIELD, INCREMENT_FIELD, APPEND_TO_ARRAY, REMOVE_FROM_ARRAY. */
import { invalidField } from '../errors/wire.js';
import { parseFieldPath } from './filter/parse.js';
import { isPlainObject, jsonEqual, normalizeJson, type Json, type JsonObject } from './json.js';
import { SYSTEM_FIELDS } from './store.js';

export type Modification =
  | { action: 'SET_FIELD'; path: string[]; value: Json; at: string }
  | { action: 'REMOVE_FIELD'; path: string[]; at: string }
  | { action: 'INCREMENT_FIELD'; path: string[]; value: number; at: string }
  | { action: 'APPEND_TO_ARRAY'; path: string[]; value: Json; at: string }
  | { action: 'REMOVE_FROM_ARRAY'; path: string[]; value: Json; at: string };

const OPTIONS = {
  SET_FIELD: 'setFieldOptions',
  INCREMENT_FIELD: 'incrementFieldOptions',
  APPEND_TO_ARRAY: 'appendToArrayOptions',
  REMOVE_FROM_ARRAY: 'removeFromArrayOptions',
} as const;

export function parseModifications(value: unknown, where: string): Modification[] {
  if (!Array.isArray(value) || value.length === 0)
    throw invalidField(where, 'must be a non-empty array of field modifications', 'REQUIRED');
  if (value.length > 1000) throw invalidField(where, 'must have at most 1000 entries');
  return value.map((m: unknown, i): Modification => {
    const at = `${where}[${i}]`;
    if (!isPlainObject(m)) throw invalidField(at, 'must be an object');
    if (typeof m.fieldPath !== 'string') throw invalidField(`${at}.fieldPath`, 'must be a string', 'REQUIRED');
    const path = [...parseFieldPath(m.fieldPath, `${at}.fieldPath`)];
    if ((SYSTEM_FIELDS as readonly string[]).includes(path[0]!))
      throw invalidField(`${at}.fieldPath`, `${path[0]} is a system field and cannot be modified`);
    const action = m.action;
    if (action === 'REMOVE_FIELD') return { action, path, at };
    if (
      action !== 'SET_FIELD' &&
      action !== 'INCREMENT_FIELD' &&
      action !== 'APPEND_TO_ARRAY' &&
      action !== 'REMOVE_FROM_ARRAY'
    ) {
      throw invalidField(
        `${at}.action`,
        'must be SET_FIELD, REMOVE_FIELD, INCREMENT_FIELD, APPEND_TO_ARRAY or REMOVE_FROM_ARRAY',
      );
    }
    const key = OPTIONS[action];
    const options = m[key];
    if (!isPlainObject(options)) throw invalidField(`${at}.${key}`, 'must be an object with a value', 'REQUIRED');
    const value = normalizeJson(options.value === undefined ? null : options.value, `${at}.${key}.value`);
    if (action === 'INCREMENT_FIELD') {
      if (typeof value !== 'number') throw invalidField(`${at}.${key}.value`, 'must be a number');
      return { action, path, value, at };
    }
    return { action, path, value, at };
  });
}

/** Applies the modifications to a copy of `data`; a modification that does not fit the stored value is a 400. */
export function applyModifications(data: JsonObject, mods: readonly Modification[]): JsonObject {
  const out = structuredClone(data);
  for (const mod of mods) {
    const parent = parentOf(out, mod.path, mod.action !== 'REMOVE_FIELD', mod.at);
    const key = mod.path[mod.path.length - 1]!;
    if (!parent) continue;
    const current = Object.prototype.hasOwnProperty.call(parent, key) ? parent[key] : undefined;
    switch (mod.action) {
      case 'SET_FIELD':
        parent[key] = mod.value;
        break;
      case 'REMOVE_FIELD':
        delete parent[key];
        break;
      case 'INCREMENT_FIELD':
        if (current != null && typeof current !== 'number')
          throw invalidField(`${mod.at}.fieldPath`, 'the field does not hold a number');
        parent[key] = (current ?? 0) + mod.value;
        if (!Number.isFinite(parent[key]))
          throw invalidField(`${mod.at}.fieldPath`, 'the result is not a finite number');
        break;
      case 'APPEND_TO_ARRAY':
        if (current != null && !Array.isArray(current))
          throw invalidField(`${mod.at}.fieldPath`, 'the field does not hold an array');
        parent[key] = [...(current ?? []), mod.value];
        break;
      case 'REMOVE_FROM_ARRAY':
        if (current == null) break;
        if (!Array.isArray(current)) throw invalidField(`${mod.at}.fieldPath`, 'the field does not hold an array');
        parent[key] = current.filter((e) => !jsonEqual(e, mod.value));
        break;
    }
  }
  return out;
}

function parentOf(doc: JsonObject, path: readonly string[], create: boolean, at: string): JsonObject | undefined {
  let cur = doc;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (next === undefined || next === null) {
      if (!create) return undefined;
      cur = cur[key] = {};
    } else if (isPlainObject(next) && !('$date' in next)) {
      cur = next;
    } else {
      throw invalidField(`${at}.fieldPath`, `"${key}" does not hold an object`);
    }
  }
  return cur;
}
