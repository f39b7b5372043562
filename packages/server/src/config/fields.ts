/**
 * Config of typed collections (`collections[].fields`, `strict`, `translatable`) and of a site's GraphQL
 * endpoint (`sites[].graphql`). Shapes are schema/collections.ts's; this file keeps the checks that
 * compare one value with another (repeats, references, translatable naming a declared text field).
 */
import {
  FIELD_TYPES,
  type CollectionConfig,
  type FieldConfig,
  type FieldType,
  type GraphqlSettings,
  type IndexConfig,
} from './types.js';
import { INDEX_FIELD_PATTERN } from './schema/collections.js';
import { take, type Reader } from './validate.js';

export const DEFAULT_GRAPHQL: GraphqlSettings = { introspection: undefined, maxCost: 20_000, maxAliases: 15 };
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const INDEX_FIELD = new RegExp(INDEX_FIELD_PATTERN);

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
    if (typeof f.label === 'string' && f.label.trim()) field.label = f.label.trim();
    if (typeof f.help === 'string' && f.help.trim()) field.help = f.help.trim();
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

/**
 * `indexes` (data/declared-indexes.ts): shapes are the schema's; here a field named twice in one index, an index
 * declared twice, and, in a typed collection, a field that is not declared.
 */
export function buildIndexes(
  r: Reader,
  raw: unknown,
  path: string,
  fields: FieldConfig[] | undefined,
): IndexConfig[] | undefined {
  if (raw === undefined) return undefined;
  const seen = new Map<string, number>();
  let searchAt: number | undefined;
  return take.list(raw).map((entry, i) => {
    const at = `${path}[${i}]`;
    const x = take.object(entry);
    const names = new Set<string>();
    // Entries the schema refused are named there; the checks below compare well-formed ones only.
    let wellFormed = typeof x.unique === 'boolean' || x.unique === undefined;
    const list = take.list(x.fields).map((f, j) => {
      const o = take.object(f);
      const field = take.string(o.field, '');
      const valid = INDEX_FIELD.test(field) && (o.order === undefined || o.order === 'ASC' || o.order === 'DESC');
      wellFormed &&= valid;
      if (valid && names.has(field)) r.fail(`${at}.fields[${j}].field`, `names "${field}" a second time`);
      names.add(field);
      const head = field.split('.')[0]!;
      if (valid && fields && !fields.some((d) => d.key === head)) {
        r.fail(
          `${at}.fields[${j}].field`,
          `must name a declared field (got "${field}"; declared: ${fields.map((d) => d.key).join(', ')})`,
        );
      }
      return { field, order: take.oneOf(o.order, ['ASC', 'DESC'] as const, 'ASC') };
    });
    const index: IndexConfig = { fields: list, unique: take.boolean(x.unique, false) };
    if (x.search === true) {
      index.search = true;
      if (index.unique) r.fail(`${at}.unique`, 'a search index cannot be unique');
      take.list(x.fields).forEach((f, j) => {
        if (take.object(f).order !== undefined)
          r.fail(`${at}.fields[${j}].order`, 'has no meaning in a search index (the fields are weighted in order)');
      });
      if (searchAt !== undefined) r.fail(at, `declares a second search index (the first is ${path}[${searchAt}])`);
      searchAt ??= i;
    }
    const key = JSON.stringify(index);
    const earlier = wellFormed && list.length > 0 ? seen.get(key) : undefined;
    if (earlier !== undefined) r.fail(at, `declares the index of ${path}[${earlier}] a second time`);
    if (wellFormed && list.length > 0 && earlier === undefined) seen.set(key, i);
    return index;
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
