/**
 * Config of typed collections (`collections[].fields`, `strict`, `translatable`) and of a site's GraphQL
 * endpoint (`sites[].graphql`). Shapes are schema/collections.ts's; this file keeps the checks that
 * compare one value with another (repeats, references, translatable naming a declared text field).
 */
import { FIELD_TYPES, type CollectionConfig, type FieldConfig, type FieldType, type GraphqlSettings } from './types.js';
import { take, type Reader } from './validate.js';

export const DEFAULT_GRAPHQL: GraphqlSettings = { introspection: undefined, maxCost: 20_000, maxAliases: 15 };
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function buildFields(r: Reader, raw: unknown, path: string): FieldConfig[] | undefined {
  if (raw === undefined) return undefined;
  const seen = new Set<string>();
  return take.list(raw).map((entry, i) => {
    const at = `${path}[${i}]`;
    const f = take.object(entry);
    const key = take.string(f.key, '');
    if (key && seen.has(key)) r.fail(`${at}.key`, `declares "${key}" a second time`);
    seen.add(key);
    const type = take.oneOf(f.type, FIELD_TYPES, 'text');
    const field: FieldConfig = { key, type, required: take.boolean(f.required, false) };
    if (type === 'reference' || type === 'multireference') field.collection = take.string(f.collection, '');
    else if (f.collection !== undefined && f.type !== undefined)
      r.fail(`${at}.collection`, `is only for reference and multireference fields (this one is "${type}")`);
    return field;
  });
}

/** `strict` needs declared fields: a strict collection without any would refuse every field. */
export function checkStrict(
  r: Reader,
  raw: unknown,
  path: string,
  fields: FieldConfig[] | undefined,
): boolean | undefined {
  const strict = take.boolean(raw, false);
  if (strict && !fields) r.fail(path, 'needs "fields": a strict collection refuses every undeclared field');
  return raw === undefined ? undefined : strict;
}

/** Field types whose values are text a translator can translate. */
const TRANSLATABLE_TYPES: readonly FieldType[] = ['text', 'richtext'];

/**
 * `translatable`: top-level field names holding a value per site language (data/translations.ts). With typed
 * `fields`, each must be a declared text or richtext field.
 */
export function buildTranslatable(
  r: Reader,
  raw: unknown,
  path: string,
  fields: FieldConfig[] | undefined,
): string[] | undefined {
  if (raw === undefined) return undefined;
  const seen = new Set<string>();
  return take.list(raw).flatMap((entry, i) => {
    const at = `${path}[${i}]`;
    if (typeof entry !== 'string' || !FIELD_KEY.test(entry)) return []; // the schema named it
    if (seen.has(entry)) r.fail(at, `names "${entry}" a second time`);
    seen.add(entry);
    const declared = fields?.find((f) => f.key === entry);
    if (fields && !declared)
      r.fail(at, `must name a declared field (got "${entry}"; declared: ${fields.map((f) => f.key).join(', ')})`);
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
        r.fail(
          `${path}[${i}].fields[${j}].collection`,
          `must name a collection of this site (got "${f.collection}"; known: ${[...ids].join(', ')})`,
        );
      }
    }),
  );
}

export function buildGraphql(raw: unknown): GraphqlSettings | undefined {
  if (raw === undefined) return undefined;
  const g = take.object(raw);
  return {
    introspection: g.introspection === undefined ? undefined : take.boolean(g.introspection, false),
    maxCost: take.integer(g.maxCost, DEFAULT_GRAPHQL.maxCost),
    maxAliases: take.integer(g.maxAliases, DEFAULT_GRAPHQL.maxAliases),
  };
}
