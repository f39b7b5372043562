/**
 * GraphQL errors carry the REST error in `extensions`: `code` (the WDE code, `UNAUTHENTICATED` for a 401,
 * `FORBIDDEN` for a 403 without a data code, `BAD_USER_INPUT` with `fieldViolations` for a validation
 * error), `httpStatus` (what REST would have answered) and `data`. Unexpected faults say only "Internal
 * error" with the request id; the log line holds no SQL or parameters.
 */
import type { ExecutionResult, GraphQLError } from 'graphql';
import { graphql } from './graphql-js.js';
import { ApiError, ApplicationError, ValidationError } from '../errors/wire.js';
import { capacityError, errorLogFields, uniqueValueError } from '../http/install.js';

export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WireError {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: Record<string, unknown>;
}

function apiExtensions(error: ApiError): Record<string, unknown> {
  if (error instanceof ValidationError)
    return { code: 'BAD_USER_INPUT', httpStatus: 400, fieldViolations: error.violations };
  if (error instanceof ApplicationError) {
    const code =
      error.status === 401
        ? 'UNAUTHENTICATED'
        : error.status === 403 && !error.code.startsWith('WD')
          ? 'FORBIDDEN'
          : error.code;
    return { code, httpStatus: error.status, ...(code !== error.code ? { reason: error.code } : {}), data: error.data };
  }
  return { code: 'BAD_REQUEST', httpStatus: error.status };
}

/** One error as it goes on the wire; `phase` is the code of errors GraphQL itself raised (parse, validation). */
export function wireError(
  error: GraphQLError | Error,
  requestId: string,
  log: Log,
  phase = 'GRAPHQL_VALIDATION_FAILED',
): WireError {
  const gql = error instanceof graphql.GraphQLError ? error : undefined;
  const where = { ...(gql?.locations ? { locations: gql.locations } : {}), ...(gql?.path ? { path: gql.path } : {}) };
  const original = gql ? gql.originalError : error;
  if (original instanceof ApiError) return { message: original.message, ...where, extensions: apiExtensions(original) };
  const clash = original && uniqueValueError(original);
  if (clash) return { message: clash.message, ...where, extensions: apiExtensions(clash) };
  const capacity = original && capacityError(original);
  if (capacity) {
    log.warn(
      errorLogFields(original, requestId),
      capacity.code === 'DATABASE_BUSY' ? 'database busy' : 'statement timeout',
    );
    return { message: capacity.message, ...where, extensions: apiExtensions(capacity) };
  }
  if (gql && (!original || original instanceof graphql.GraphQLError)) {
    const code =
      (gql.extensions?.code as string | undefined) ??
      (gql.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : phase);
    return { message: gql.message, ...where, extensions: { ...gql.extensions, code } };
  }
  log.error(errorLogFields(original ?? error, requestId), 'unexpected error');
  return {
    message: `Internal error, request id: ${requestId}`,
    ...where,
    extensions: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, requestId },
  };
}

/** `{data, errors}` of an execution, errors on the wire. */
export function wireResult(
  execution: ExecutionResult,
  requestId: string,
  log: Log,
): { data: unknown; errors?: WireError[] } {
  if (!execution.errors?.length) return { data: execution.data ?? null };
  return {
    data: execution.data ?? null,
    errors: execution.errors.map((e) => wireError(e, requestId, log, 'BAD_USER_INPUT')),
  };
}
