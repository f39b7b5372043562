/**
 * Config of typed collections (`collections[].fields`, `strict`) and of a site's GraphQL endpoint
 * (`sites[].graphql`). Every problem names its key path, like the rest of the config.
 */
import { FIELD_TYPES, type CollectionConfig, type FieldConfig, type FieldType, type GraphqlSettings } from './types.js';
import type { Reader } from './validate.js';

/** A field key is also a GraphQL field name, so it is an identifier; `_…` keys are the system fields. */
const FIELD_KEY = { re: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, hint: 'a letter followed by letters, digits or "_" (at most 64)' };

export const DEFAULT_GRAPHQL: GraphqlSettings = { introspection: true, maxCost: 20_000 };

export function readFields(r: Reader, raw: unknown, path: string): FieldConfig[] | undefined {
  if (raw === undefined) return undefined;
  const seen = new Set<string>();
  return r.array(raw, path).map((entry, i) => {
    const at = `${path}[${i}]`;
    const f = r.object(entry, at) ?? {};
    r.knownKeys(f, at, ['key', 'type', 'required', 'collection']);
    const key = r.string(f.key, `${at}.key`, undefined, FIELD_KEY);
    if (seen.has(key)) r.fail(`${at}.key`, `declares "${key}" a second time`);
    seen.add(key);
    const type = r.oneOf(f.type, `${at}.type`, FIELD_TYPES, 'text');
    if (f.type === undefined) r.fail(`${at}.type`, `is required (one of ${FIELD_TYPES.join(', ')})`);
    const field: FieldConfig = { key, type, required: r.boolean(f.required, `${at}.required`, false) };
    if (type === 'reference' || type === 'multireference') field.collection = r.string(f.collection, `${at}.collection`);
    else if (f.collection !== undefined) r.fail(`${at}.collection`, `is only for reference and multireference fields (this one is "${type}")`);
    return field;
  });
}

/** `strict` needs declared fields: a strict collection without any would refuse every field. */
export function readStrict(r: Reader, raw: unknown, path: string, fields: FieldConfig[] | undefined): boolean | undefined {
  const strict = r.boolean(raw, path, false);
  if (strict && !fields) r.fail(path, 'needs "fields": a strict collection refuses every undeclared field');
  return raw === undefined ? undefined : strict;
}

/** Field types whose values are text a translator can translate. */
const TRANSLATABLE_TYPES: readonly FieldType[] = ['text', 'richtext'];

/**
 * `translatable`: top-level field names holding a value per site language (data/translations.ts). With typed
 * `fields`, each must be a declared text or richtext field.
 */
export function readTranslatable(r: Reader, raw: unknown, path: string, fields: FieldConfig[] | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const seen = new Set<string>();
  return r.array(raw, path).flatMap((entry, i) => {
    const at = `${path}[${i}]`;
    if (typeof entry !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(entry)) {
      r.fail(at, `must be the name of a top-level field: ${FIELD_KEY.hint}, no "." (got ${JSON.stringify(entry)})`);
      return [];
    }
    if (seen.has(entry)) r.fail(at, `names "${entry}" a second time`);
    seen.add(entry);
    const declared = fields?.find((f) => f.key === entry);
    if (fields && !declared) r.fail(at, `must name a declared field (got "${entry}"; declared: ${fields.map((f) => f.key).join(', ')})`);
    if (declared && !TRANSLATABLE_TYPES.includes(declared.type)) {
      r.fail(at, `must name a text or richtext field ("${entry}" is "${declared.type}")`);
    }
    return [entry];
  });
}

/** Every reference names a collection of the same site. */
export function checkReferenceTargets(r: Reader, collections: readonly CollectionConfig[], path: string): void {
  const ids = new Set(collections.map((c) => c.id));
  collections.forEach((c, i) =>
    c.fields?.forEach((f, j) => {
      if (f.collection !== undefined && f.collection !== '' && !ids.has(f.collection)) {
        r.fail(`${path}[${i}].fields[${j}].collection`, `must name a collection of this site (got "${f.collection}"; known: ${[...ids].join(', ')})`);
      }
    }),
  );
}

export function readGraphql(r: Reader, raw: unknown, path: string): GraphqlSettings | undefined {
  const g = r.object(raw, path);
  if (!g) return undefined;
  r.knownKeys(g, path, ['introspection', 'maxCost']);
  return {
    introspection: r.boolean(g.introspection, `${path}.introspection`, DEFAULT_GRAPHQL.introspection),
    maxCost: r.integer(g.maxCost, `${path}.maxCost`, DEFAULT_GRAPHQL.maxCost, 10, 10_000_000),
  };
}
