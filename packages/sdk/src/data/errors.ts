/**
 * Error types of the data client. Codes are the stable `WDExxxx` codes of the Wix data client, so code
 * written against `@wix/data` can keep branching on `e.details.applicationError.code`.
 */

/** The wire `details` object of an error answer (wire-contract §8.1). */
export interface ErrorDetails {
  applicationError?: { code?: string | number; description?: string; data?: Record<string, unknown> };
  validationError?: { fieldViolations?: FieldViolation[] };
  [key: string]: unknown;
}

export interface FieldViolation {
  field?: string;
  description?: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

/** Any failure of a data call: client-side validation (no request sent) or a server answer. */
export class WixDataError extends Error {
  /** `WDExxxx` for client-side errors, the server's application code otherwise. */
  code: string | number | undefined;
  details: ErrorDetails | undefined;
  /** HTTP status when the error came from the server. */
  status: number | undefined;
  requestId: string | undefined;

  constructor(message: string, code?: string | number, details?: ErrorDetails, status?: number, requestId?: string) {
    super(message);
    this.name = 'WixDataError';
    this.code = code;
    this.details = details;
    this.status = status;
    this.requestId = requestId;
  }
}

/** A 400 with `details.validationError`: the violations are kept for forms to show per field. */
export class WixDataValidationError extends WixDataError {
  violations: FieldViolation[];

  constructor(message: string, details: ErrorDetails, violations: FieldViolation[], status?: number, requestId?: string) {
    super(message, undefined, details, status, requestId);
    this.name = 'WixDataValidationError';
    this.violations = violations;
  }
}

/** One failed element of a bulk call; `item` is the caller's input at `originalIndex`. */
export class BulkError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly item: unknown,
    readonly originalIndex: number,
    readonly violations?: FieldViolation[],
  ) {
    super(message);
    this.name = 'BulkError';
  }
}

/**
 * A client-side error: `message` starts with the first WDE code found, which is also put in
 * `code` and `details.applicationError.code` (where `@wix/data` callers look for it).
 */
export function clientError(message: string): WixDataError {
  const code = /WDE\d{4}/.exec(message)?.[0] ?? 'WDE0020';
  return new WixDataError(message, code, { applicationError: { code, description: message } });
}

interface HttpLikeError {
  message?: string;
  status?: number;
  details?: ErrorDetails;
  requestId?: string;
  response?: { status?: number };
}

/**
 * Turns an HTTP-layer rejection into the data client's error (wire-contract §9.10). Errors that
 * are not HTTP errors (network, aborted) pass through untouched so callers can see the cause.
 */
export function fromHttpError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const e = error as HttpLikeError;
  const status = e.status ?? e.response?.status;
  if (status === undefined) return error;
  const { requestId } = e;
  if (status === 413) return new WixDataError('WDE0109: Payload is too large.', 'WDE0109', e.details, status, requestId);
  const details = e.details ?? {};
  const app = details.applicationError;
  if (app?.code === 'WDE0078') {
    // Hook errors carry the JS error the hook threw; rebuild it so callers see their own error.
    const js = (app.data?.jsErrorValue ?? app) as { name?: string; message?: string; description?: string; code?: string };
    const hook = new WixDataError(js.message ?? js.description ?? 'Hook error', js.code, undefined, status, requestId);
    hook.name = js.name ?? 'Error';
    return hook;
  }
  if (app) return new WixDataError(app.description ?? e.message ?? 'Request failed', app.code, details, status, requestId);
  const violations = details.validationError?.fieldViolations;
  if (violations) {
    const lines = violations.map((v) => `${v.field}: ${v.description}`);
    return new WixDataValidationError([e.message, ...lines].join('\n'), details, violations, status, requestId);
  }
  return error;
}
