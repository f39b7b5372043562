/**
 * The route schemas' validator and serializer compilers, shared by every Fastify instance of the process.
 *
 * Fastify makes new compilers for each instance, so each app compiles every route schema again: ~0.3 s of
 * CPU per app with ~300 routes. One server per process never notices, but tests start hundreds of servers a run
 * (and a process may host several apps). Most route schemas are written inline in the route plugins, so
 * each app brings new objects of the same content: a compiled function is kept per schema's content (its
 * JSON), not per object. A schema holding something JSON cannot spell (a function, a RegExp) is only
 * matched by identity, as Ajv's own cache does.
 */
import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildValidator = NonNullable<Factory['buildValidator']>;
type BuildSerializer = NonNullable<Factory['buildSerializer']>;

/** The schema's content as a key, or undefined when it holds a value JSON would not tell apart. */
export function schemaKey(schema: unknown): string | undefined {
  let plain = true;
  // `this[name]` is the value before JSON's own conversions (a Date arrives as a string otherwise).
  const key = JSON.stringify(schema, function (this: Record<string, unknown>, name: string, value: unknown) {
    const original = this[name];
    if (typeof original === 'function' || typeof original === 'symbol' || typeof original === 'bigint') plain = false;
    else if (original !== null && typeof original === 'object' && !Array.isArray(original)) {
      const proto = Object.getPrototypeOf(original) as unknown;
      if (proto !== Object.prototype && proto !== null) plain = false;
    }
    return value;
  });
  return plain ? key : undefined;
}

/** One compiled function per schema (by content, else by identity) for each compiler Fastify's pool hands out. */
function memoized<R extends { schema?: unknown }, F>(compile: (route: R) => F): (route: R) => F {
  const byContent = new Map<string, F>();
  const byObject = new WeakMap<object, F>();
  return (route) => {
    const schema = route.schema as object;
    const known = byObject.get(schema);
    if (known) return known;
    const key = schemaKey(schema);
    let fn = key === undefined ? undefined : byContent.get(key);
    if (!fn) {
      fn = compile(route);
      if (key !== undefined) byContent.set(key, fn);
    }
    byObject.set(schema, fn);
    return fn;
  };
}

// Fastify's own pool (one Ajv per set of shared schemas and options), held here instead of per instance;
// each compiler it hands out is wrapped once.
const validatorFactory = ValidatorSelector() as BuildValidator;
const validatorPools = new WeakMap<object, ReturnType<BuildValidator>>();
const buildValidator: BuildValidator = (externalSchemas, options) => {
  const inner = validatorFactory(externalSchemas, options);
  let compile = validatorPools.get(inner);
  if (!compile) validatorPools.set(inner, (compile = memoized(inner)));
  return compile;
};

// The serializer factory has no pool of its own: one per set of shared schemas and options.
const serializerFactory = SerializerSelector() as BuildSerializer;
const serializerPools = new Map<string, ReturnType<BuildSerializer>>();
const buildSerializer: BuildSerializer = (externalSchemas, options) => {
  const key = JSON.stringify(externalSchemas) + JSON.stringify(options ?? {});
  let compile = serializerPools.get(key);
  if (!compile) serializerPools.set(key, (compile = memoized(serializerFactory(externalSchemas, options))));
  return compile;
};

export const sharedCompilers: Factory = { buildValidator, buildSerializer };
