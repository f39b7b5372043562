/**
 * Which characters a request's text may hold (issue #26, S-6). PostgreSQL cannot store U+0000 in `text`
 * or `jsonb`, nor a lone UTF-16 surrogate in `jsonb`, so such a value reaching SQL was a 500. It is refused
 * once, at the schema layer, for every route: `installTextPolicy` gives every request schema an `x-text`
 * keyword (Ajv, `ajv.ts`) before the route is compiled, so a new route cannot forget it, and the failure
 * is the route's own validation error (docs/wire-format.md §8).
 *
 * Policies (`x-text` on a schema):
 * - `line` — the default of every declared string and of every untyped field (`Described`, `Type.Unknown`,
 *   checked to any depth): no control character (Unicode `Cc`: U+0000–U+001F, U+007F–U+009F). Names, emails,
 *   ids, codes, search terms: a line break there is a mistake or an attack.
 * - `multiline` — tab, line feed and carriage return allowed (free text a person writes over lines, CSV).
 * - `json` — the string is JSON text (a WebAuthn credential): its decoded values are checked too, with `any`.
 * - `any` — everything but U+0000 and lone surrogates: passwords (never normalised, docs/security-checklist.md
 *   #27) and free-form values (data items, profiles). It is also the floor of every body, query string and
 *   path as a whole, keys included, so undeclared and untyped values get it too.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { invalidField } from '../../errors/wire.js';

export type TextPolicy = 'line' | 'multiline' | 'json' | 'any';
export const TEXT_POLICIES: readonly TextPolicy[] = ['line', 'multiline', 'json', 'any'];
export const TEXT_KEYWORD = 'x-text';

/** A schema annotation: `Type.String(text('multiline'))`. */
export const text = (policy: TextPolicy) => ({ [TEXT_KEYWORD]: policy });

export interface ForbiddenCharacter {
  /** JSON-pointer segments below the checked value (a key itself is named by its own path). */
  path: string[];
  /** `U+0000` */
  codePoint: string;
}

const hex = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, '0')}`;

// With the `u` flag a surrogate pair is one code point, so `[\uD800-\uDFFF]` matches only a lone surrogate.
// One native regex test per string: the check costs less than the JSON parse that made the value.
// Matching control characters is the point of these patterns.
/* eslint-disable no-control-regex */
const REFUSED: Record<TextPolicy, RegExp> = {
  any: /[\0\uD800-\uDFFF]/u,
  line: /[\0-\x1F\x7F-\x9F\uD800-\uDFFF]/u,
  multiline: /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF]/u,
  json: /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF]/u,
};
/* eslint-enable no-control-regex */

/** The first refused character of a string, or undefined. Lone surrogates are refused under every policy. */
export function forbiddenIn(value: string, policy: TextPolicy): string | undefined {
  const found = REFUSED[policy].exec(value);
  return found ? hex(found[0].charCodeAt(0)) : undefined;
}

const MAX_DEPTH = 64;

/**
 * The first refused character anywhere in a value (strings, object keys, nested values), or undefined.
 * Under `json` every string that is JSON text is decoded and checked as well.
 */
export function findForbidden(value: unknown, policy: TextPolicy, depth = 0): ForbiddenCharacter | undefined {
  if (typeof value === 'string') {
    const codePoint = forbiddenIn(value, policy);
    if (codePoint) return { path: [], codePoint };
    if (policy !== 'json' || !/^\s*[[{"]/.test(value)) return undefined;
    let decoded: unknown;
    try {
      decoded = JSON.parse(value);
    } catch {
      return undefined; // not JSON: the route reports that itself
    }
    return findForbidden(decoded, 'any', depth + 1);
  }
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  const record = value as Record<string, unknown>;
  const isArray = Array.isArray(value);
  for (const key in record) {
    const inKey = isArray ? undefined : forbiddenIn(key, policy);
    if (inKey) return { path: [key], codePoint: inKey };
    const item = record[key];
    if (item === null || (typeof item !== 'string' && typeof item !== 'object')) continue;
    const found = findForbidden(item, policy, depth + 1);
    if (found) return { path: [key, ...found.path], codePoint: found.codePoint };
  }
  return undefined;
}

/** The field violation's wording, shared by the schema layer and the routes that decode JSON themselves. */
export const forbiddenDescription = (codePoint: string) =>
  codePoint === 'U+0000' || /^U\+D[89A-F]/.test(codePoint)
    ? `must not contain the character ${codePoint}`
    : `must not contain the control character ${codePoint}`;
export const FORBIDDEN_RULE = 'INVALID_CHARACTER';

/**
 * For values a route decodes itself (base64url `.r`, a credential's JSON text): the same violation the
 * schema layer answers, on `field` and the path below it.
 */
export function refuseForbidden(value: unknown, policy: TextPolicy, field: string): void {
  const found = findForbidden(value, policy);
  if (!found) return;
  const path = found.path.reduce((p, part) => (/^\d+$/.test(part) ? `${p}[${part}]` : `${p}.${part}`), field);
  throw invalidField(path, forbiddenDescription(found.codePoint), FORBIDDEN_RULE, { codePoint: found.codePoint });
}

type Schema = Record<string, unknown>;
const PARTS = ['body', 'querystring', 'params'] as const;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isStringSchema = (s: Schema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

/** Sub-schemas of a schema, by the keywords request schemas use, each with a label for messages. */
function children(s: Schema): [string, Schema][] {
  const out: [string, unknown][] = [];
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs'])
    if (s[key] && typeof s[key] === 'object') out.push(...Object.entries(s[key] as Schema));
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
    if (Array.isArray(s[key])) out.push(...(s[key] as unknown[]).map((c, i): [string, unknown] => [`${key}[${i}]`, c]));
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'])
    if (s[key] && typeof s[key] === 'object') out.push([key, s[key]]);
  return out.filter((c): c is [string, Schema] => !!c[1] && typeof c[1] === 'object');
}

/** A schema that says nothing of its type (`Type.Unknown`, `Described`): it may hold a string. */
const isUntyped = (s: Schema) =>
  s.type === undefined &&
  !['enum', 'const', 'anyOf', 'oneOf', 'allOf', 'properties', '$ref', 'not'].some((k) => k in s);

/** A schema its policy applies to: a string, or a value of any type. */
const needsPolicy = (s: Schema) => isStringSchema(s) || isUntyped(s);

/** Every string or untyped schema without a policy gets `line`; returns the schema (already a private copy). */
function annotate(s: Schema): Schema {
  if (needsPolicy(s) && s[TEXT_KEYWORD] === undefined) s[TEXT_KEYWORD] = 'line';
  for (const [, child] of children(s)) annotate(child);
  return s;
}

/** Paths of string and untyped schemas with no policy, and of unknown policies: empty when the schema is covered. */
export function uncoveredStrings(s: unknown, path = ''): string[] {
  if (!s || typeof s !== 'object') return [];
  const schema = s as Schema;
  const policy = schema[TEXT_KEYWORD];
  const here = path || '(root)';
  const own =
    policy !== undefined && !TEXT_POLICIES.includes(policy as TextPolicy)
      ? [`${here} (unknown policy ${String(policy)})`]
      : needsPolicy(schema) && policy === undefined
        ? [here]
        : [];
  return [...own, ...children(schema).flatMap(([label, child]) => uncoveredStrings(child, `${path}/${label}`))];
}

/** The request parts a route's handler can read: a body only where the method has one, params only with a path parameter. */
export function requestParts(route: Pick<RouteOptions, 'method' | 'url'>): (typeof PARTS)[number][] {
  const methods = [route.method].flat().map(String);
  return PARTS.filter(
    (part) =>
      (part !== 'body' || methods.some((m) => BODY_METHODS.has(m))) &&
      (part !== 'params' || /[:*]/.test(route.url ?? '')),
  );
}

/** Marks the floors added to parts a route declared no schema for, so the API description leaves them out. */
export const FLOOR_ONLY = 'x-text-floor';

/**
 * The onRoute step: each request part gets a private copy of its schema (schemas are shared between
 * routes and with responses) with `any` at its root and `line` on every undeclared string; a part without
 * a schema gets the floor alone.
 */
export function applyTextPolicy(route: RouteOptions): void {
  const schema = (route.schema = { ...route.schema }) as Schema;
  for (const part of requestParts(route)) {
    const declared = schema[part] as Schema | undefined;
    if (!declared) {
      schema[part] = { [TEXT_KEYWORD]: 'any', [FLOOR_ONLY]: true };
      continue;
    }
    const copy = structuredClone(declared);
    copy[TEXT_KEYWORD] ??= 'any';
    schema[part] = annotate(copy);
  }
}

/** Registers the onRoute step; call before any route is added (it sees only routes added after it). */
export function installTextPolicy(app: FastifyInstance): void {
  app.addHook('onRoute', applyTextPolicy);
}
