/**
 * Checks a part of the config file against its TypeBox schema (TypeBox's compiler) and words each
 * failure as the config has always been worded: `sites[0].policies.captcha must be one of "off",
 * "altcha", "recaptcha" (got "maybe")`. The words come from the failing schema (its type, enum, range and
 * `x-…` annotations, see common.ts), so a new key needs no new message code.
 */
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';

type Schema = Record<string, unknown>;
interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** JSON.stringify, shortened: a message quotes what it got. */
export function showValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');
const pointer = (path: string) => path.replace(/^#/, '').split('/').slice(1).map(unescape);

function at(root: unknown, parts: string[]): unknown {
  return parts.reduce<unknown>(
    (node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    root,
  );
}

/** `["sites", "0", "id"]` under `prefix` → `sites[0].id`. */
function keyPath(prefix: string, parts: string[]): string {
  return parts.reduce(
    (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
    prefix,
  );
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What `schema` wants, said of `value` (which failed it). */
function describe(schema: Schema, value: unknown, keyword: string): string {
  const got = `(got ${showValue(value)})`;
  if (typeof schema['x-message'] === 'string') return `${schema['x-message']} ${got}`;
  if (Array.isArray(schema.enum)) return `must be one of ${schema.enum.map((v) => `"${v}"`).join(', ')} ${got}`;
  switch (schema.type) {
    case 'integer':
      return `must be a whole number from ${schema.minimum} to ${schema.maximum} ${got}`;
    case 'boolean':
      return `must be true or false ${got}`;
    case 'object':
      return `must be an object ${got}`;
    case 'array':
      return Array.isArray(value) && keyword === 'minItems' ? String(schema['x-too-few']) : `must be an array ${got}`;
    case 'string':
      if (!isNonEmptyString(value)) return `must be a non-empty string ${got}`;
      if (keyword === 'pattern') return `must be ${schema['x-hint']} ${got}`;
      if (keyword === 'minLength') return String(schema['x-short']);
      if (keyword === 'format') {
        return URL.canParse(value)
          ? `must be an http(s) URL ${got}`
          : `must be an absolute URL such as "https://shop.example" ${got}`;
      }
  }
  return `is not valid ${got}`;
}

/** Keys an object lacks, each worded by its property's `x-required` or as "must be … (got undefined)". */
function missingKeys(objectSchema: Schema, keys: string[], prefix: string, parts: string[]): [string, string][] {
  const properties = (objectSchema.properties ?? {}) as Record<string, Schema>;
  return keys.map((key) => {
    const property = properties[key] ?? {};
    const text =
      typeof property['x-required'] === 'string' ? property['x-required'] : describe(property, undefined, 'required');
    return [keyPath(prefix, [...parts, key]), text];
  });
}

/** Errors under a schema that says `x-checked-in-code` are the reader's to word (it knows the context). */
function checkedInCode(root: TSchema, schemaPath: string): boolean {
  const parts = pointer(schemaPath);
  return parts.some((_, i) => (at(root, parts.slice(0, i + 1)) as Schema | undefined)?.['x-checked-in-code'] === true);
}

function wordError(root: TSchema, value: unknown, prefix: string, error: SchemaError): [string, string][] {
  const parts = pointer(error.instancePath);
  const data = at(value, parts);
  const schema = (at(root, pointer(error.schemaPath)) ?? {}) as Schema;
  switch (error.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys((schema.properties ?? {}) as Schema).filter((k) => !k.startsWith('$'));
      return (error.params.additionalProperties as string[]).map((key) => [
        keyPath(prefix, [...parts, key]),
        `is not a known key (allowed: ${allowed.join(', ')})`,
      ]);
    }
    case 'required':
      return missingKeys(schema, error.params.requiredProperties as string[], prefix, parts);
    case 'if': {
      // TypeBox reports only that `then` failed; the config's `then`s only require keys, so name the missing ones.
      const then = (schema.then ?? {}) as Schema;
      const missing = ((then.required ?? []) as string[]).filter((key) => !Object.hasOwn((data ?? {}) as object, key));
      return missingKeys(schema, missing, prefix, parts);
    }
    case 'boolean': // a key `additionalProperties: false` refuses, reported once at its object
    case 'anyOf':
      return [];
    default:
      return [[keyPath(prefix, parts), describe(schema, data, error.keyword)]];
  }
}

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/** TypeBox stops at 8 errors by default; a config file's owner wants every mistake at once. */
function allErrors(validator: ReturnType<typeof Compile>, value: unknown): SchemaError[] {
  const { maxErrors } = Settings.Get();
  Settings.Set({ maxErrors: 1000 });
  try {
    return validator.Errors(value) as SchemaError[];
  } finally {
    Settings.Set({ maxErrors });
  }
}

/** Problems of `value` against `schema`, one per key path (the first), each prefixed with `prefix`. */
export function schemaProblems(schema: TSchema, value: unknown, prefix: string): string[] {
  let validator = compiled.get(schema);
  if (!validator) compiled.set(schema, (validator = Compile(schema)));
  if (validator.Check(value)) return [];
  const seen = new Map<string, string>();
  for (const error of allErrors(validator, value)) {
    if (checkedInCode(schema, error.schemaPath)) continue;
    for (const [path, text] of wordError(schema, value, prefix, error)) {
      const key = path || String((schema as Schema)['x-root'] ?? '(value)');
      if (!seen.has(key)) seen.set(key, text);
    }
  }
  return [...seen].map(([path, text]) => `${path} ${text}`);
}

/** Orders problems by key path, `[10]` after `[9]`; problems of one path keep their order. */
export function byKeyPath(problems: string[]): string[] {
  const tokens = (problem: string) => (problem.split(' ')[0] ?? '').match(/\d+|\D+/g) ?? [];
  const compare = (a: string, b: string): number => {
    const [x, y] = [tokens(a), tokens(b)];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const [p, q] = [x[i]!, y[i]!];
      if (p === q) continue;
      if (/^\d/.test(p) && /^\d/.test(q)) return Number(p) - Number(q);
      return p < q ? -1 : 1;
    }
    return x.length - y.length;
  };
  return [...problems].sort(compare);
}
