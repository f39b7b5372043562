/**
 * The route schemas' validator and serializer compilers, shared by every Fastify instance of the process.
 *
 * Fastify makes new compilers for each instance, so each app compiles every route schema again: ~0.3 s of
 * CPU per app with ~300 routes. One server per process never notices, but tests start ~200 servers a run
 * (and a process may host several apps). The schemas are module constants, so one compiled function per
 * schema object serves every app; Ajv's own cache already keys on the schema object, within one Ajv.
 */
import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildSerializer = NonNullable<Factory['buildSerializer']>;
type SerializerCompiler = ReturnType<BuildSerializer>;

// Fastify's own pool, held here instead of per instance: one Ajv per set of shared schemas and options.
const buildValidator = ValidatorSelector() as NonNullable<Factory['buildValidator']>;

const serializerFactory = SerializerSelector() as BuildSerializer;
const serializerPools = new Map<string, SerializerCompiler>();

const buildSerializer: BuildSerializer = (externalSchemas, options) => {
  const key = JSON.stringify(externalSchemas) + JSON.stringify(options ?? {});
  let compile = serializerPools.get(key);
  if (!compile) {
    const inner = serializerFactory(externalSchemas, options);
    const compiled = new WeakMap<object, ReturnType<SerializerCompiler>>();
    compile = (route) => {
      const schema = route.schema as object;
      let serialize = compiled.get(schema);
      if (!serialize) compiled.set(schema, (serialize = inner(route)));
      return serialize;
    };
    serializerPools.set(key, compile);
  }
  return compile;
};

export const sharedCompilers: Factory = { buildValidator, buildSerializer };
