/**
 * Request-schema failures in today's wire envelopes (docs/wire-format.md §8): Fastify hands Ajv's errors to a
 * `schemaErrorFormatter`; these turn them into the `ApiError`s route code used to throw by hand, which
 * the error handler in `install.ts` sends. Only the failure path runs here; valid requests never do.
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import {
  ApplicationError,
  OAuthError,
  ValidationError,
  type ApiError,
  type FieldViolation,
} from '../../errors/wire.js';
import { appError } from '../../errors/catalogue.js';
import { FORBIDDEN_RULE, TEXT_KEYWORD } from './text-policy.js';

type SchemaContext = 'body' | 'params' | 'querystring' | 'headers';

interface AjvError extends FastifySchemaValidationError {
  /** Present because Ajv runs with `verbose: true`: the schema holding the failing keyword. */
  parentSchema?: Record<string, unknown>;
}

/** `/loginId/email` → `loginId.email`; `/fields/0` → `fields[0]`. */
function fieldOf(error: AjvError): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String((error.params as { missingProperty: string }).missingProperty));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

type Violation = { description: string; ruleName: string; data?: Record<string, unknown> };

/** `x-violation` of the schema that failed; for a missing property, that of the property's own schema. */
function customViolation(error: AjvError): Violation | undefined {
  if (error.keyword !== 'required') return error.parentSchema?.['x-violation'] as Violation | undefined;
  const missing = (error.params as { missingProperty: string }).missingProperty;
  const properties = error.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined;
  return (properties?.[missing]?.['x-violation'] ?? error.parentSchema?.['x-violation']) as Violation | undefined;
}

function describe(error: AjvError): Violation {
  // A refused character (text-policy.ts) is named as such, whatever the field's own wording of a bad value.
  if (error.keyword === TEXT_KEYWORD) {
    const { codePoint } = error.params as { codePoint: string };
    return { description: error.message ?? 'holds a refused character', ruleName: FORBIDDEN_RULE, data: { codePoint } };
  }
  const custom = customViolation(error);
  if (custom) return custom;
  if (error.keyword === 'required') return { description: 'is required', ruleName: 'REQUIRED' };
  if (error.keyword === 'type') {
    const types = String((error.params as { type: string }).type).split(',');
    return { description: `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`, ruleName: 'INVALID_VALUE' };
  }
  return { description: error.message ?? 'is not valid', ruleName: 'INVALID_VALUE' };
}

/** A body that is not a JSON object at all is an application error, as the handlers answered before. */
const isRootTypeError = (error: AjvError, context: string) =>
  context === 'body' && error.instancePath === '' && error.keyword === 'type';

/**
 * The default for every route: `400 {message, details: {validationError: {fieldViolations}}}`; a body that
 * is not an object at all is the violation `body: must be a JSON object`, as the data routes answered.
 */
export function wixSchemaErrorFormatter(errors: FastifySchemaValidationError[], context: string): ApiError {
  const list = errors as AjvError[];
  if (list.some((e) => isRootTypeError(e, context))) {
    return new ValidationError(
      [
        {
          field: 'body',
          description: 'must be a JSON object',
          violatedRule: 'FORMAT',
          ruleName: 'INVALID_VALUE',
          data: {},
        },
      ],
      'body: must be a JSON object',
    );
  }
  const violations: FieldViolation[] = list.map((error) => {
    const { description, ruleName, data } = describe(error);
    return { field: fieldOf(error), description, violatedRule: 'FORMAT', ruleName, data: data ?? {} };
  });
  return new ValidationError(violations.sort((a, b) => a.field.localeCompare(b.field)));
}

/**
 * The identity routes: field violations as everywhere, but a body that is not an object is the
 * application error `INVALID_ARGUMENT` these routes have always answered.
 */
export function identitySchemaErrorFormatter(errors: FastifySchemaValidationError[], context: string): ApiError {
  if ((errors as AjvError[]).some((e) => isRootTypeError(e, context))) return appError('INVALID_ARGUMENT');
  return wixSchemaErrorFormatter(errors, context);
}

/**
 * Routes whose clients read application errors only (login: a validation body crashes the reference
 * client, docs/wire-format.md §8.3): the first violation as `applicationError` with the rule as its code.
 */
export function applicationSchemaErrorFormatter(errors: FastifySchemaValidationError[], context: string): ApiError {
  const error = errors[0] as AjvError;
  if (isRootTypeError(error, context)) return appError('INVALID_ARGUMENT');
  const { description, ruleName } = describe(error);
  return new ApplicationError(400, ruleName, `${fieldOf(error)} ${description}`);
}

/** The token endpoint: RFC 6749 §5.2 `{error: "invalid_request", error_description}`. */
export function oauthSchemaErrorFormatter(errors: FastifySchemaValidationError[], context: string): ApiError {
  const error = errors[0] as AjvError;
  if (isRootTypeError(error, context))
    return new OAuthError(400, 'invalid_request', 'the body must be a JSON object or a form');
  const custom = error.parentSchema?.['x-violation'] as { description: string } | undefined;
  return new OAuthError(
    400,
    'invalid_request',
    custom?.description ?? `${fieldOf(error)} ${describe(error).description}`,
  );
}

export type { SchemaContext };
