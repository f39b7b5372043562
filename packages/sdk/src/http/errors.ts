/**
 * Error types of the SDK. Every error is a `VitrineError` with a stable `code` to switch on;
 * messages follow the texts the Wix runtime produces, so logs read the same after a switch.
 */

/** Codes of errors raised by the SDK itself (server application codes pass through unchanged). */
export type VitrineErrorCode =
  | 'INVALID_ARGUMENT'
  | 'SYSTEM_ERROR'
  | 'UNEXPECTED_RESPONSE'
  | 'MISSING_FETCH'
  | 'INVALID_LENGTH'
  | 'MISSING_CODE_OR_STATE'
  | 'INVALID_STATE'
  | 'OAUTH_TIMEOUT'
  | 'OAUTH_ERROR'
  | 'TOKEN_EXCHANGE_FAILED';

// Fields are `declare`d and assigned in constructors: parameter properties would add class-field
// definitions to the bundle, which has a hard size budget.
export class VitrineError extends Error {
  /** Stable code: a `VitrineErrorCode`, or the server's application code on `ApplicationError`. */
  declare readonly code: VitrineErrorCode | string | number;
  /** The `x-wix-request-id` of the failed call, to quote when reporting a problem. */
  declare readonly requestId?: string | null;
  /** HTTP status of the answer that caused the error, when there was one. */
  declare status?: number;
  constructor(
    message: string,
    code: VitrineErrorCode | string | number,
    requestId?: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    Object.assign(this, { name: 'VitrineError', code, requestId });
  }
}

/** The server's answer (or lack of one) could not be used. */
export const unexpectedResponse = (requestId?: string | null) =>
  new VitrineError('Unexpected response', 'UNEXPECTED_RESPONSE', requestId);

export interface FieldViolation {
  field: string;
  description: string;
  data?: { type?: string } & Record<string, unknown>;
  [key: string]: unknown;
}

/** The server rejected the input: one entry per bad field, sorted by field name. */
export class ValidationError extends VitrineError {
  declare readonly code: 'INVALID_ARGUMENT';
  declare readonly violations: FieldViolation[];
  constructor(violations: FieldViolation[], requestId?: string | null) {
    super(
      'INVALID_ARGUMENT: ' + violations.map((v) => `"${v.field}" ${v.description}`).join(', '),
      'INVALID_ARGUMENT',
      requestId,
    );
    Object.assign(this, { name: 'ValidationError', violations });
  }
}

/** A business error answered by the server; `code` is the server's (e.g. `"-19995"`, `"WDE0073"`). */
export class ApplicationError extends VitrineError {
  declare readonly description: string;
  declare readonly data: Record<string, unknown>;
  constructor(
    code: string | number,
    description: string,
    data: Record<string, unknown>,
    message: string,
    requestId?: string | null,
  ) {
    super(message, code, requestId);
    Object.assign(this, { name: 'ApplicationError', description, data });
  }
}

/** No usable answer: network failure, or a server fault without details. */
export class SystemError extends VitrineError {
  declare readonly code: 'SYSTEM_ERROR';
  constructor(requestId?: string | null, options?: ErrorOptions) {
    super(
      'System error occurred' + (requestId ? ', request-id: ' + requestId : ''),
      'SYSTEM_ERROR',
      requestId,
      options,
    );
    Object.assign(this, { name: 'SystemError' });
  }
}

type ErrorBody = {
  message?: string;
  error?: string;
  error_description?: string;
  details?: {
    validationError?: { fieldViolations?: FieldViolation[] };
    applicationError?: { code?: string | number; description?: string; data?: Record<string, unknown> };
  };
};

/**
 * Turns a failed HTTP answer into an error. Pure, so every wire shape is testable without a server.
 * Order matters: explicit details first, then the RFC 6749 token-endpoint shape, then the status.
 */
export function toHttpError(
  status: number,
  statusText: string,
  body: unknown,
  requestId?: string | null,
): VitrineError {
  const b: ErrorBody = body && typeof body == 'object' ? body : {};
  const violations = b.details?.validationError?.fieldViolations;
  const app = b.details?.applicationError;
  let error: VitrineError;
  if (Array.isArray(violations)) {
    error = new ValidationError(
      [...violations].sort((x, y) => +(x.field > y.field) || -(x.field < y.field)),
      requestId,
    );
  } else if (app || typeof b.error == 'string' || (status >= 400 && status < 500)) {
    const description = app?.description ?? b.error_description ?? b.message ?? statusText;
    const message = b.message ?? description;
    error = new ApplicationError(
      app?.code ?? b.error ?? status,
      description,
      app?.data ?? {},
      message == description ? message : message + ': ' + description,
      requestId,
    );
  } else {
    error = new SystemError(requestId);
  }
  error.status = status;
  return error;
}
