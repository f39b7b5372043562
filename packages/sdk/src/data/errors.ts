/**
 * Error types of the data client. Codes are the stable `WDExxxx` codes of the Wix data client, so code
 * written against `@wix/data` can keep branching on `e.details.applicationError.code`.
 */

/** The wire `details` object of an error answer (docs/wire-format.md §8.1). */
export interface ErrorDetails {
  applicationError?: { code?: string | number; description?: string; data?: Record<string, unknown> };
  validationError?: { fieldViolations?: FieldViolation[] };
}

export interface FieldViolation {
  field?: string;
  description?: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

// Fields are `declare`d and set with Object.assign: class-field definitions cost bundle bytes.
/** Any failure of a data call: client-side validation (no request sent) or a server answer. */
export class WixDataError extends Error {
  /** `WDExxxx` for client-side errors, the server's application code otherwise. */
  declare code?: string | number;
  declare details?: ErrorDetails;
  /** HTTP status, when the error came from the server. */
  declare status?: number;
  declare requestId?: string | null;
  /** Server validation errors, and failed bulk items: one entry per bad field. */
  declare violations?: FieldViolation[];
  /** Failed bulk items (`name: 'BulkError'`): the caller's input and its position. */
  declare item?: unknown;
  declare originalIndex?: number;

  constructor(message: string, fields: Partial<WixDataError> = {}) {
    super(message);
    Object.assign(this, { name: 'WixDataError', ...fields });
  }
}

/**
 * A client-side error: `message` contains the WDE code of the problem, which is also put in
 * `code` and in `details.applicationError.code`, where `@wix/data` callers look for it.
 */
export function clientError(message: string): WixDataError {
  const code = /WDE\d{4}/.exec(message)?.[0] ?? 'WDE0020';
  return new WixDataError(message, { code, details: { applicationError: { code, description: message } } });
}

/** What the SDK's HTTP layer (or any fetch wrapper) may put on its errors. */
interface HttpLikeError {
  message: string;
  status?: number;
  requestId?: string | null;
  details?: ErrorDetails;
  code?: string | number;
  description?: string;
  data?: Record<string, unknown>;
  violations?: FieldViolation[];
}

/**
 * Turns an HTTP-layer rejection into the data client's error (docs/wire-format.md §9.10). Errors that are
 * not server answers (network failure, abort) pass through so callers can see the cause.
 */
export function fromHttpError(error: unknown): unknown {
  const e = error as HttpLikeError;
  const status = e?.status;
  if (!status) return error;
  const base = { status, requestId: e.requestId };
  if (status == 413) return new WixDataError('WDE0109: Payload is too large.', { ...base, code: 'WDE0109' });
  // The wire `details`, given as such or rebuilt from the SDK's ApplicationError / ValidationError.
  const details: ErrorDetails =
    e.details ??
    (e.violations
      ? { validationError: { fieldViolations: e.violations } }
      : e.description !== undefined
        ? { applicationError: { code: e.code, description: e.description, data: e.data } }
        : {});
  const app = details.applicationError;
  if (app?.code == 'WDE0078') {
    // Hook errors carry the JS error the hook threw; rebuild it so callers see their own error.
    const js = (app.data?.jsErrorValue ?? app) as {
      name?: string;
      message?: string;
      description?: string;
      code?: string;
    };
    return new WixDataError(js.message ?? js.description ?? '', { ...base, name: js.name ?? 'Error', code: js.code });
  }
  if (app) return new WixDataError(app.description ?? e.message, { ...base, code: app.code, details });
  const violations = details.validationError?.fieldViolations;
  if (violations) {
    const lines = violations.map((x) => `${x.field}: ${x.description}`);
    return new WixDataError([e.message, ...lines].join('\n'), {
      ...base,
      name: 'WixDataValidationError',
      details,
      violations,
    });
  }
  return error;
}
