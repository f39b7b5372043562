/**
 * Sending the route fuzz's requests and judging the answers: raw HTTP (node:http, so odd paths reach the
 * server as written, not normalised as `fetch` would), a fixed number in flight, and a report a person can
 * replay from.
 */
import http from 'node:http';
import type { FuzzRequest } from './fuzz-requests.js';

export interface FuzzResult {
  request: FuzzRequest;
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** A transport failure (no answer at all), else undefined. */
  error?: string;
}

function send(base: URL, agent: http.Agent, request: FuzzRequest): Promise<FuzzResult> {
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        agent,
        headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: 25_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            request,
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', (e) => resolve({ request, status: 0, headers: {}, text: '', error: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 25 s')));
    req.on('error', (e) => resolve({ request, status: 0, headers: {}, text: '', error: e.message }));
    req.end(body);
  });
}

/** Sends every request, `concurrency` at a time, in order. */
export async function sendAll(baseUrl: string, requests: FuzzRequest[], concurrency: number): Promise<FuzzResult[]> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const results: FuzzResult[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      results[i] = await send(base, agent, requests[i]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return results;
}

// A V8 stack frame (`at fn (file.ts:1:2)`, `at file.js:1:2`) or Node's internals.
const STACK = /\bat (?:[^\s()]+ )?\(?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?|node:internal\//;

/**
 * What is wrong with an answer, or undefined: a 5xx (a 503 with Retry-After is the server's documented
 * answer to load, not a bug), GraphQL's equivalent, a stack trace in an error answer or a JSON body, or no
 * answer at all.
 */
export function finding(result: FuzzResult): string | undefined {
  if (result.error) return `no answer: ${result.error}`;
  if (result.status >= 500 && !(result.status === 503 && result.headers['retry-after']))
    return `answered ${result.status}`;
  const json = String(result.headers['content-type'] ?? '').includes('json');
  // GraphQL answers 200 and says in `extensions` what REST would have answered: an internal error hides there.
  if (json && /"code":"INTERNAL_SERVER_ERROR"|"httpStatus":5(?!03)\d\d/.test(result.text))
    return 'a GraphQL error that REST would have answered with a 5xx';
  if ((result.status >= 400 || json) && STACK.test(result.text)) return 'a stack trace in the answer';
  return undefined;
}

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}… (${text.length} characters)` : text);

/** The request as it went on the wire (credentials named, not shown), and what came back. */
export function describe(result: FuzzResult, problem: string): string {
  const { request } = result;
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `${k}: ${/authorization|cookie|csrf/.test(k) ? `<${request.caller}>` : clip(v, 200)}`)
    .join('\n  ');
  return [
    `${problem} — ${request.route} as ${request.caller} (${request.mutation || 'plausible'})`,
    `  ${request.method} ${clip(request.path, 500)}`,
    headers ? `  ${headers}` : '',
    request.body === undefined ? '' : `  body: ${clip(JSON.stringify(request.body), 2000)}`,
    `  → ${result.status} ${clip(result.text, 500)}`,
  ]
    .filter(Boolean)
    .join('\n');
}
