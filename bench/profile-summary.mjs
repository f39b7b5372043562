// `node bench/profile-summary.mjs FILE.cpuprofile [--from S] [--to S] [--top N]`: where a V8 CPU profile
// (BENCH_CPU_PROF) spent its time. Self time per function, and inclusive time per area (PGlite, pg,
// Fastify, Node's HTTP/net, Vitrine's own folders), over a window of the profile (seconds from its start;
// a shared bench server serves several cases one after another, so pick the case's window).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d/.test(a));
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!file) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [--from S] [--to S] [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const from = opt('from', 0) * 1e6;
const to = opt('to', Infinity) * 1e6;
const top = opt('top', 25);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const AREAS = [
  ['pglite', /@electric-sql\/pglite/],
  ['pg driver', /node_modules\/pg(-protocol)?\//],
  ['fastify', /node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio)/],
  ['pino', /node_modules\/pino/],
  ['jose/crypto', /node_modules\/jose|node:crypto|internal\/crypto/],
  ['vitrine oauth', /server\/dist\/oauth\//],
  ['vitrine identity', /server\/dist\/identity\//],
  ['vitrine store', /server\/dist\/store\//],
  ['vitrine security', /server\/dist\/security\//],
  ['vitrine http', /server\/dist\/http\//],
  ['vitrine data', /server\/dist\/data\//],
  ['node http/net', /node:(_http|http|net|stream)|internal\/(http|stream|net)/],
];

const self = new Map();
const inclusive = new Map();
let total = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t - profile.startTime < from || t - profile.startTime > to) continue;
  const dt = profile.timeDeltas[i];
  total += dt;
  const leaf = byId.get(profile.samples[i]);
  const cf = leaf.callFrame;
  const key = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^.*packages\//, '')}:${cf.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const seen = new Set();
  for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
    const url = byId.get(id).callFrame.url;
    for (const [area, re] of AREAS) if (re.test(url)) seen.add(area);
  }
  if (leaf.callFrame.functionName === '(idle)') seen.add('(idle)');
  for (const area of seen) inclusive.set(area, (inclusive.get(area) ?? 0) + dt);
}
const pct = (v) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples in the window`);
console.log('\nself time');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
console.log('\ninclusive, by area');
for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1])) console.log(`${pct(v)}  ${k}`);
