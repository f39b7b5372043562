import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Type } from 'typebox';
import type { SiteRegistry } from '../sites/registry.js';
import { isDatabaseBusy, isStatementTimeout } from '../store/busy.js';
import { uniqueIndexViolated } from '../store/unique-indexes.js';
import { ApiError, type ApplicationError } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { installGetFallback } from './get-fallback.js';
import { installLingeringClose } from './lingering-close.js';
// The route config's `noStore` (its type lives there).
import './no-store.js';

/** Headers every response carries; HTML pages add their own Content-Security-Policy. */
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const PREFLIGHT_SCHEMA = {
  summary: 'CORS preflight for any path',
  description:
    "Allowed origins are the configured clients' `allowedOrigins`; allowed headers: authorization, content-type, x-wix-bi-gateway, x-wix-consistent, x-vitrine-site-id, x-http-method-override.",
  security: [],
  response: { 204: Type.Null({ description: 'No content; the access-control-* headers when the origin is allowed' }) },
};

const CORS_ALLOW_HEADERS =
  'authorization, content-type, x-wix-bi-gateway, x-wix-consistent, x-vitrine-site-id, x-http-method-override';
const CORS_EXPOSE_HEADERS = 'x-wix-request-id, x-wix-consistent, retry-after';

const sendNoStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

/**
 * The wire conventions of every route (docs/wire-format.md §1, §8): request ids, envelopes for every
 * failure (bad JSON, wrong content type, unknown route, oversized body), CORS, security headers.
 */
export function installHttpConventions(app: FastifyInstance, options: { sites: SiteRegistry; https: boolean }): void {
  const headers = { ...SECURITY_HEADERS };
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';

  // Routes answering personal data (no-store.ts) get a hook of their own, decided once when the route is added:
  // reading request.routeOptions here builds an object on every request of every route.
  app.addHook('onRoute', (route) => {
    if (route.config?.noStore) route.onRequest = [sendNoStore, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-wix-request-id', request.id);
    reply.headers(headers);
    const origin = request.headers.origin;
    if (origin && options.sites.allOrigins.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
    }
    if (origin) reply.header('vary', 'origin');
    done();
  });
  installLingeringClose(app);
  // Before any route is added: it learns the GET routes as they come (get-fallback.ts).
  installGetFallback(app);

  // Preflight for any path: answered here so unknown routes still get a clean CORS answer.
  app.options('/*', { schema: PREFLIGHT_SCHEMA }, (request, reply) => {
    const origin = request.headers.origin;
    if (origin && options.sites.allOrigins.has(origin)) {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header('access-control-allow-headers', CORS_ALLOW_HEADERS);
      reply.header('access-control-max-age', '600');
    }
    reply.code(204).send();
  });

  // RFC 6749 clients send form bodies to the token endpoint; everything else is JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(
      reply,
      appError('NOT_FOUND', { description: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    );
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const mapped = mapFrameworkError(error);
    if (mapped) return sendError(reply, mapped);
    const clash = uniqueValueError(error);
    if (clash) return sendError(reply, clash);
    const capacity = capacityError(error);
    if (capacity) {
      request.log.warn(
        errorLogFields(error, request.id),
        capacity.code === 'DATABASE_BUSY' ? 'database busy' : 'statement timeout',
      );
      return sendError(reply, capacity);
    }
    request.log.error(errorLogFields(error, request.id), 'unexpected error');
    sendError(
      reply,
      appError('INTERNAL', {
        description: `Internal error, request id: ${request.id}`,
        data: { requestId: request.id },
      }),
    );
  });
}

/** 503 for a statement PostgreSQL cancelled after `statement_timeout`: the server's limit, not a bug. */
export function statementTimedOut(): ApplicationError {
  const error = appError('STATEMENT_TIMEOUT');
  error.headers['retry-after'] = '1';
  return error;
}

/** 503 when no database connection could be had in time (pool exhausted, pooler or server full): load, not a bug. */
export function databaseBusy(): ApplicationError {
  const error = appError('DATABASE_BUSY');
  error.headers['retry-after'] = '1';
  return error;
}

/** The 409 of a write that repeats the values of a declared unique index, else undefined. */
export function uniqueValueError(error: unknown): ApplicationError | undefined {
  const index = uniqueIndexViolated(error);
  if (!index) return undefined;
  const fields = index.fields.join(', ');
  return appError('WD_UNIQUE_INDEX_VIOLATION', {
    description: `Another item of collection [${index.collectionId}] already has this value of [${fields}] (a unique index).`,
    data: { collectionId: index.collectionId, fields: index.fields },
  });
}

/** The 503 of a database capacity fault (a statement timeout, no connection in time), else undefined. */
export function capacityError(error: unknown): ApplicationError | undefined {
  if (isStatementTimeout(error)) return statementTimedOut();
  if (isDatabaseBusy(error)) return databaseBusy();
  return undefined;
}

const MAX_LOGGED_CHARS = 1000;
/** The stack's own cap: frame lines grow with the checkout's path, so the line's length must not depend on them. */
const MAX_STACK_CHARS = 1200;
const clip = (text: string, max = MAX_LOGGED_CHARS) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The fields of an unexpected error's log line: type, message, code, stack frames and request id. Never the
 * error object itself: PGlite's errors carry the SQL and its parameters (`query`, `params`), pg's the failing
 * parameter (`where`). Data-exception messages (SQLSTATE class 22) quote the offending value, so that is cut too.
 */
export function errorLogFields(
  error: unknown,
  reqId: string,
): { reqId: string; err: Record<string, string | undefined> } {
  const e = error instanceof Error ? error : new Error(String(error));
  const raw = (e as { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw.slice(0, 40) : undefined;
  const message = clip(code?.startsWith('22') ? e.message.replace(/"[^"]*"/g, '"…"') : e.message);
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, 10);
  // The message is already its own field: the stack names only the type before its frames.
  const stack = clip([e.name, ...frames].join('\n'), MAX_STACK_CHARS);
  return { reqId, err: { type: e.name, message, code, stack } };
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).headers(error.headers).send(error.toBody());
}

/** Client mistakes Fastify detects itself, mapped to 4xx envelopes instead of its own shapes. */
function mapFrameworkError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return appError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return appError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return appError('INVALID_JSON', { description: 'Body is empty but Content-Type is application/json' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return appError('BAD_REQUEST', { description: 'Content-Length does not match the body' });
    default:
      break;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return appError('INVALID_JSON');
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) return appError('BAD_REQUEST', { description: error.message, status });
  return undefined;
}

/** Request ids: a fresh UUID each time (a caller-supplied id would let clients forge log lines). */
export const genReqId = (): string => randomUUID();

export type { FastifyRequest };
