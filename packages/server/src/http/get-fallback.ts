/**
 * The long-GET fallback (docs/wire-format.md §1.4): `@vitrine/sdk` sends a GET whose query string is longer
 * than 4,000 characters as a POST to the same path, the query object as its JSON body, and the header
 * `x-http-method-override: GET` (packages/sdk/src/http/request.ts). Such a POST is answered by the GET route,
 * for every GET route of the JSON API, so no route has to declare a POST twin:
 *
 * - with the header, whatever POST route the path has (an item whose id is `update` would otherwise land in
 *   `POST …/items/update`);
 * - without it (an older client, or one written from the seed), only where no POST route matches the path
 *   and a GET route of the JSON API does.
 *
 * The GET runs in-process (`inject`) with the caller's headers and address, so its authentication, limits,
 * schema and answer are the GET's own. A GET is safe, so turning a POST into one grants nothing a GET would not.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { appError } from '../errors/catalogue.js';
import { familyOf } from './schemas/families.js';

export const METHOD_OVERRIDE_HEADER = 'x-http-method-override';

/** Request headers not handed to the GET: they describe the POST's body, or are the override itself. */
const DROPPED_REQUEST_HEADERS = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  METHOD_OVERRIDE_HEADER,
]);
/** Response headers the outer reply computes itself. */
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

type QueryValue = string | number | boolean;

/** `/a/:id/b`, `/x/*` → a matcher for concrete paths (Fastify's own pattern syntax, the parts routes here use). */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** The body as a query string, as the SDK would have written it (`toQueryString`); else a named refusal. */
export function queryStringOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw appError('INVALID_ARGUMENT', { description: 'A GET sent as POST carries its query as a JSON object' });
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (v === undefined || v === null) continue;
      if (!['string', 'number', 'boolean'].includes(typeof v))
        throw appError('INVALID_ARGUMENT', {
          description: `A GET sent as POST carries strings, numbers, booleans and lists of them; "${key.slice(0, 100)}" is not one`,
        });
      params.append(key, String(v as QueryValue));
    }
  }
  const text = params.toString();
  return text && `?${text}`;
}

export function installGetFallback(app: FastifyInstance): void {
  // Only the JSON API's GET routes: the storefront's catch-all `GET /*` and the HTML pages are no fallback.
  const apiGets: RegExp[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET') && familyOf(route.url).errors === 'wix') apiGets.push(patternOf(route.url));
  });
  const servesGet = (path: string) => apiGets.some((pattern) => pattern.test(path));

  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const override = String(request.headers[METHOD_OVERRIDE_HEADER] ?? '').toUpperCase();
    const path = request.url.split('?')[0]!;
    if (override !== 'GET' && !(request.is404 && isJson(request) && servesGet(path))) return;
    if (override && override !== 'GET')
      throw appError('INVALID_ARGUMENT', { description: `${METHOD_OVERRIDE_HEADER} may only name GET` });
    // Returning the reply tells Fastify it is sent: the POST route (or the 404) does not run.
    return answerAsGet(app, request, reply, path);
  });
}

const isJson = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/json');

async function answerAsGet(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, path: string) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && !DROPPED_REQUEST_HEADERS.has(name)) headers[name] = value;
  const res = await app.inject({
    method: 'GET',
    url: path + queryStringOf(request.body ?? {}),
    headers,
    // The caller's own address: limits and TRUST_PROXY see the same client as on the GET.
    remoteAddress: request.socket.remoteAddress ?? request.ip,
  });
  reply.code(res.statusCode);
  for (const [name, value] of Object.entries(res.headers))
    // The GET's request id too: its error bodies name it.
    if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
  return reply.send(res.rawPayload);
}
