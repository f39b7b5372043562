import createClient from 'openapi-fetch';
import { OWNER_SESSION_REQUIRED } from './error-codes.js';
import type { paths } from './schema.js';
import type { ApplicationError, ValidationError } from './types.js';

/**
 * The console's one way to the admin API: an openapi-fetch client over the generated `paths` of
 * schema.d.ts, so each call's answer is typed by the server's own document. The owner session rides in an
 * HttpOnly cookie the page never sees; every change carries the session's CSRF value in `x-vitrine-csrf`
 * (the server checks it). Features call it only from their `api.ts` hooks (TanStack Query), never from a
 * component.
 */

/** A rule the server found broken in one field of what was sent (`validationError.fieldViolations`). */
export interface FieldViolation {
  field: string;
  description: string;
}

/** The one error the console's calls throw: the HTTP status (0: no answer), the catalogue code, a sentence. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly violations: FieldViolation[] = [],
  ) {
    super(message);
  }
}

let csrfToken: string | undefined;
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Called when the server says the session is over, so the app can show the sign-in page. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export const client = createClient<paths>({
  credentials: 'same-origin',
  // Read at call time, not at module load, so the page's fetch is the one used.
  fetch: (request) => globalThis.fetch(request),
});
client.use({
  onRequest({ request }) {
    if (request.method !== 'GET' && csrfToken) request.headers.set('x-vitrine-csrf', csrfToken);
    return request;
  },
});

/**
 * A file's own bytes as the body (an image upload), with its type; not JSON. The route documents its body
 * as the file itself (any type it accepts), so the Blob goes through as it is.
 */
export const fileBody = (file: Blob) => ({
  body: file,
  bodySerializer: (bytes: unknown) => bytes as Blob,
  headers: { 'content-type': file.type || 'application/octet-stream' },
});

/** Either error envelope of the document, read defensively (a proxy's error page has neither). */
interface ErrorEnvelope {
  message?: string;
  details?: Partial<ApplicationError['details'] & ValidationError['details']>;
}

/**
 * A call's answer: its data, or the one ApiError. Usage: `answer(client.GET('/_admin/v1/…', { params }))`.
 * The data's type is openapi-fetch's inference from the route's 200 answer.
 */
export async function answer<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  let result: { data?: D; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (e) {
    // No answer at all (offline, the server down): the same error type, status 0.
    throw new ApiError(0, undefined, e instanceof Error ? e.message : String(e));
  }
  const { data, error, response } = result;
  if (response.ok) return data as D;
  const envelope = (error && typeof error === 'object' ? error : {}) as ErrorEnvelope;
  const violations = envelope.details?.validationError?.fieldViolations ?? [];
  const code = envelope.details?.applicationError?.code;
  const violation = violations[0];
  const message = violation
    ? `${capitalise(violation.field)} ${violation.description}`
    : (envelope.details?.applicationError?.description ?? envelope.message ?? `Request failed (${response.status})`);
  if (response.status === 401 && code === OWNER_SESSION_REQUIRED) onSignedOut();
  throw new ApiError(response.status, code, message, violations);
}

/** A caught value's sentence, for the rare place that catches outside a query or mutation. */
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
