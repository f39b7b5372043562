/**
 * Error envelopes of docs/wire-format.md §8: every failure the API reports is one of these.
 * Route code throws them; the error handler in `install.ts` turns them into responses.
 */

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string;
  /** Always an object: the reference client dereferences `data.type` on register errors. */
  data: Record<string, unknown>;
}

export interface ApplicationErrorBody {
  message: string;
  details: { applicationError: { code: string; description: string; data: Record<string, unknown> } };
}

export interface ValidationErrorBody {
  message: string;
  details: { validationError: { fieldViolations: FieldViolation[] } };
}

export type ErrorBody = ApplicationErrorBody | ValidationErrorBody;

/** Base class: an HTTP status, a body, and optional extra response headers. */
export abstract class ApiError extends Error {
  abstract readonly status: number;
  headers: Record<string, string> = {};
  abstract toBody(): ErrorBody | Record<string, unknown>;
}

/** `{message, details: {applicationError: {code, description, data}}}`; `code` is always a string on the wire. */
export class ApplicationError extends ApiError {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(description);
    this.name = 'ApplicationError';
  }
  toBody(): ApplicationErrorBody {
    return {
      message: this.message,
      details: { applicationError: { code: this.code, description: this.message, data: this.data } },
    };
  }
}

/** 400 `{message, details: {validationError: {fieldViolations}}}`. */
export class ValidationError extends ApiError {
  readonly status = 400;
  constructor(
    readonly violations: FieldViolation[],
    message?: string,
  ) {
    super(message ?? violations.map((v) => `${v.field}: ${v.description}`).join('; '));
    this.name = 'ValidationError';
  }
  toBody(): ValidationErrorBody {
    return { message: this.message, details: { validationError: { fieldViolations: this.violations } } };
  }
}

/** RFC 6749 §5.2 error of the token endpoint: `{error, error_description}`. */
export class OAuthError extends ApiError {
  constructor(
    readonly status: 400 | 401 | 429 | 500,
    readonly error: string,
    description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
  toBody(): Record<string, unknown> {
    return { error: this.error, error_description: this.message };
  }
}

/** One field's FORMAT violation, as the wire's `fieldViolations` list holds them. */
export function fieldViolation(
  field: string,
  description: string,
  ruleName = 'INVALID_VALUE',
  data: Record<string, unknown> = {},
): FieldViolation {
  return { field, description, violatedRule: 'FORMAT', ruleName, data };
}

/** Shorthand for the common single-field validation failure. */
export function invalidField(
  field: string,
  description: string,
  ruleName = 'INVALID_VALUE',
  data: Record<string, unknown> = {},
): ValidationError {
  return new ValidationError([fieldViolation(field, description, ruleName, data)], `${field}: ${description}`);
}

export const httpErrors = {
  badRequest: (description: string, code = 'BAD_REQUEST') => new ApplicationError(400, code, description),
  unauthorized: (description = 'Authentication required', code = 'UNAUTHORIZED') =>
    new ApplicationError(401, code, description),
  forbidden: (description = 'Permission denied', code = 'PERMISSION_DENIED') =>
    new ApplicationError(403, code, description),
  notFound: (description = 'Not found', code = 'NOT_FOUND') => new ApplicationError(404, code, description),
  tooManyRequests(retryAfterSeconds: number, description = 'Too many requests, try again later') {
    const error = new ApplicationError(429, 'TOO_MANY_REQUESTS', description, { retryAfterSeconds });
    error.headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
    return error;
  },
};
