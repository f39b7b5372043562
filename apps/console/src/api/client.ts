import { OWNER_SESSION_REQUIRED } from './error-codes.js';
import type { ApplicationError, ValidationError } from './types.js';

/**
 * The console's calls to the admin API. The owner session rides in an HttpOnly cookie the page never
 * sees; every change carries the session's CSRF value in `x-vitrine-csrf` (the server checks it).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
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

/** Either error envelope of the document, read defensively (a proxy's error page has neither). */
interface ErrorEnvelope {
  message?: string;
  details?: Partial<ApplicationError['details'] & ValidationError['details']>;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  // A file (an image upload) goes as its own bytes; anything else as JSON.
  const file = typeof Blob !== 'undefined' && body instanceof Blob;
  if (body !== undefined) headers['content-type'] = file ? body.type || 'application/octet-stream' : 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-vitrine-csrf'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : file ? body : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const envelope = (json ?? {}) as ErrorEnvelope;
    const violation = envelope.details?.validationError?.fieldViolations?.[0];
    const code = envelope.details?.applicationError?.code;
    const message = violation
      ? `${capitalise(violation.field)} ${violation.description}`
      : (envelope.details?.applicationError?.description ?? envelope.message ?? `Request failed (${response.status})`);
    if (response.status === 401 && code === OWNER_SESSION_REQUIRED) onSignedOut();
    throw new ApiError(response.status, code, message);
  }
  return json as T;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
