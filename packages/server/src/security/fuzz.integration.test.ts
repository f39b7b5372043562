/**
 * The route fuzz (issue #26; like the audit's 4,800-request mutation fuzz of the new surfaces): every route
 * the server registers — so a new route is fuzzed without being listed — gets plausible requests built from
 * its own schema, then mutated (wrong types, missing and extra fields, huge and odd strings, NUL, lone
 * surrogates, deep nesting, edge numbers, malformed or empty bodies, odd path parameters and query strings),
 * from every kind of caller. No answer may be a 5xx (but a 503 with Retry-After) or carry a stack trace.
 *
 * Reproduce a failure with the seed it prints: `VITRINE_FUZZ_SEED=<seed>`; more requests with
 * `VITRINE_FUZZ_REQUESTS=<n>` (default 2,400); only some routes with `VITRINE_FUZZ_ROUTES=<regex>`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../test-support/limits.js';
import { isDestructive, requestsFor, type FuzzRequest, type FuzzRoute } from '../../test-support/fuzz-requests.js';
import { describe as describeResult, finding, sendAll, type FuzzResult } from '../../test-support/fuzz-run.js';
import { startFuzzServer, type FuzzServer } from '../../test-support/fuzz-world.js';
import { registeredRoutes } from '../http/schemas/openapi.js';

const SEED = Number(process.env.VITRINE_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TOTAL = Number(process.env.VITRINE_FUZZ_REQUESTS ?? 2_400);
const ONLY = process.env.VITRINE_FUZZ_ROUTES ? new RegExp(process.env.VITRINE_FUZZ_ROUTES) : undefined;
const CONCURRENCY = 4;

// Controls, mounted on the server under test: a handler that trusts its input's type (a TypeError, so a 500)
// and one that hands a stack trace to the client. The fuzz must find both on every run.
const CONTROL = '/_fuzz-control';

let fuzz: FuzzServer;
let results: FuzzResult[];
let seconds: number;

// Sign-in limits per address would turn most identity requests into 429 before they reach a handler.
useIpLimits((limits) =>
  Object.fromEntries(Object.keys(limits).map((action) => [action, { limit: 1_000_000, windowSeconds: 60 }])),
);

beforeAll(async () => {
  fuzz = await startFuzzServer((app) => {
    app.post(`${CONTROL}/typed/:id`, async (request) => ({
      length: (request.body as { name: string }).name.trim().length,
    }));
    app.get(`${CONTROL}/leaky/:id`, async (request, reply) => {
      const { id } = request.params as { id: string };
      if (/^[\w-]+$/.test(id)) return { id };
      return reply.code(400).send({ message: new Error(`bad id ${id}`).stack });
    });
  });
  const routes = registeredRoutes(fuzz.server.vitrine.app)
    .filter((r) => r.method !== 'HEAD' && (!ONLY || ONLY.test(`${r.method} ${r.url}`) || r.url.startsWith(CONTROL)))
    .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`)) as FuzzRoute[];
  const perRoute = Math.max(2, Math.round(TOTAL / routes.length));
  // The controls get more, so that whatever the seed they meet the input that breaks them. About one request
  // in fourteen breaks the leaky one (129 of 1,800 over six seeds: an odd path parameter that is not a word):
  // with 60, about one run in ninety met none (seed 1251532582 did, in CI); with 300, one in billions.
  const build = (list: FuzzRoute[]) =>
    list.flatMap((route) =>
      requestsFor(fuzz.world, route, SEED, route.url.startsWith(CONTROL) ? Math.max(perRoute, 300) : perRoute),
    );
  // Interleaved, so one route's requests are spread over the run; the destructive routes come last.
  const interleave = (requests: FuzzRequest[]) =>
    requests
      .map((r, i) => ({ r, k: (i * 2654435761) % 4294967296 }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.r);
  const requests = [
    ...interleave(build(routes.filter((r) => !isDestructive(r)))),
    ...interleave(build(routes.filter(isDestructive))),
  ];
  const started = performance.now();
  results = await sendAll(fuzz.server.url, requests, CONCURRENCY);
  seconds = (performance.now() - started) / 1000;
}, 240_000);
afterAll(() => fuzz?.close());

const findings = (control: boolean) =>
  results.flatMap((result) => {
    const problem = finding(result);
    if (!problem || result.request.route.includes(CONTROL) !== control) return [];
    return [describeResult(result, problem)];
  });

// The same run again needs the same size and routes as well as the seed.
const rerun = ['VITRINE_FUZZ_REQUESTS', 'VITRINE_FUZZ_ROUTES']
  .filter((name) => process.env[name])
  .map((name) => ` ${name}='${process.env[name]}'`)
  .join('');

describe(`route fuzz (VITRINE_FUZZ_SEED=${SEED})`, () => {
  it('no route answers a 5xx or a stack trace', () => {
    const found = findings(false);
    const report = [
      `${found.length} of ${results.length} requests failed (${seconds.toFixed(1)} s). Reproduce with:`,
      `  VITRINE_FUZZ_SEED=${SEED}${rerun} npx vitest run --project integration packages/server/src/security/fuzz.integration.test.ts`,
      ...found.slice(0, 15),
    ].join('\n\n');
    expect(found.length, report).toBe(0);
  });

  it('reaches the handlers: every caller gets answers other than refusals', () => {
    const byCaller = new Map<string, number>();
    for (const { request, status } of results)
      if (status >= 200 && status < 300) byCaller.set(request.caller, (byCaller.get(request.caller) ?? 0) + 1);
    expect([...byCaller.keys()].sort()).toEqual(Object.keys(fuzz.world.callers).sort());
    const ok = [...byCaller.values()].reduce((a, b) => a + b, 0);
    expect(ok).toBeGreaterThan(results.length * 0.05);
  });

  it('finds the control routes: a handler that throws, and a stack trace in an answer', () => {
    const found = findings(true).join('\n');
    expect(found).toContain('answered 500');
    expect(found).toContain('a stack trace in the answer');
  });
});
