/**
 * Fastify's Ajv, as the route schemas need it: `verbose` so a failing keyword's schema (and its
 * `x-violation` text) reaches the error formatter, and the annotation keywords the schemas carry.
 * No type coercion: `{"dataCollectionId": 5}` is a mistake to report, not the string "5" (query
 * parameters are declared as strings, which is what they are). `strictTypes` off: a body that may be
 * absent (checkout, GraphQL GET) lists its properties without `type: object`, which is deliberate.
 */
import type { FastifyServerOptions } from 'fastify';
import { FLOOR_ONLY, TEXT_KEYWORD, findForbidden, forbiddenDescription, type TextPolicy } from './text-policy.js';

type AjvSettings = Extract<NonNullable<FastifyServerOptions['ajv']>, { plugins?: unknown }>;
type AjvPlugin = Extract<NonNullable<AjvSettings['plugins']>[number], (...args: never[]) => unknown>;

const annotations: AjvPlugin = (ajv) => {
  for (const keyword of ['x-violation', 'x-vitrine-envelope', 'example', FLOOR_ONLY]) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  }
  return ajv;
};

const pointer = (segment: string) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`;

interface CheckText {
  (policy: TextPolicy, data: unknown, parent: unknown, cxt: { instancePath: string }): boolean;
  errors?: object[];
}

/** `x-text` (text-policy.ts): the first refused character, at the path of the value that holds it. */
const checkText: CheckText = (policy, data, _parent, cxt) => {
  const found = findForbidden(data, policy);
  if (!found) return true;
  checkText.errors = [
    {
      keyword: TEXT_KEYWORD,
      instancePath: cxt.instancePath + found.path.map(pointer).join(''),
      params: { codePoint: found.codePoint },
      message: forbiddenDescription(found.codePoint),
    },
  ];
  return false;
};

const textPolicy: AjvPlugin = (ajv) => {
  if (!ajv.getKeyword(TEXT_KEYWORD))
    ajv.addKeyword({ keyword: TEXT_KEYWORD, schemaType: 'string', errors: true, validate: checkText as never });
  return ajv;
};

export const ajvOptions: AjvSettings = {
  customOptions: { verbose: true, coerceTypes: false, strictTypes: false },
  plugins: [annotations, textPolicy],
};
