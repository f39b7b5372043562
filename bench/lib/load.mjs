// The load generator, run by lib/harness.mjs in its own (pinned) process. Reads its options as JSON
// on stdin, runs autocannon once, prints one JSON line.
import autocannon from 'autocannon';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { url, request, duration, connections, pipelining } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
if (!url.startsWith('http://127.0.0.1:')) throw new Error('the benchmark only sends traffic to 127.0.0.1');

const bodies = request.bodies ?? [undefined];
let next = 0;
const requests = [
  {
    method: request.method ?? 'POST',
    path: request.path,
    headers: request.headers ?? {},
    setupRequest(req) {
      const body = bodies[next++ % bodies.length];
      return body === undefined ? req : { ...req, body };
    },
  },
];

// autocannon's histogram keeps whole milliseconds (5.9 ms counts as 5); for low-concurrency runs (few
// samples) the exact response times are kept too, for sub-millisecond percentiles.
const exact = connections <= 4 ? [] : undefined;
function run(seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, duration: seconds, connections, pipelining, requests, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (exact)
      instance.on(
        'response',
        (_client, statusCode, _bytes, ms) => statusCode < 300 && exact.length < 1_000_000 && exact.push(ms),
      );
  });
}
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const cpuStart = process.cpuUsage();
const r = await run(duration);
const cpu = process.cpuUsage(cpuStart);
const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
process.stdout.write(
  `${JSON.stringify({
    rps: r.requests.average,
    requests: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    duration: r.duration,
    connections,
    // The load generator's own CPU: near a full core means it, not the server, set the pace.
    loadCpuShare: (cpu.user + cpu.system) / 1e6 / r.duration,
    ...(exact?.length
      ? (exact.sort((a, b) => a - b),
        {
          exact: {
            p50: percentile(exact, 50),
            p90: percentile(exact, 90),
            p99: percentile(exact, 99),
            samples: exact.length,
          },
        })
      : {}),
  })}\n`,
);
