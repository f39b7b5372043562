/**
 * Fastify's Ajv, as the route schemas need it: `verbose` so a failing keyword's schema (and its
 * `x-violation` text) reaches the error formatter, and the annotation keywords the schemas carry.
 * No type coercion: `{"dataCollectionId": 5}` is a mistake to report, not the string "5" (query
 * parameters are declared as strings, which is what they are). `strictTypes` off: a body that may be
 * absent (checkout, GraphQL GET) lists its properties without `type: object`, which is deliberate.
 */
import type { FastifyServerOptions } from 'fastify';

type AjvSettings = Extract<NonNullable<FastifyServerOptions['ajv']>, { plugins?: unknown }>;
type AjvPlugin = Extract<NonNullable<AjvSettings['plugins']>[number], (...args: never[]) => unknown>;

const annotations: AjvPlugin = (ajv) => {
  for (const keyword of ['x-violation', 'x-vitrine-envelope', 'example']) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  }
  return ajv;
};

export const ajvOptions: AjvSettings = {
  customOptions: { verbose: true, coerceTypes: false, strictTypes: false },
  plugins: [annotations],
};
