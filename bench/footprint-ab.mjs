// `node bench/footprint-ab.mjs`: does glibc's trim threshold (#54, bin/node-flags.js) slow the embedded server?
// The footprint bench runs its settings one after the other, so on a shared machine its req/CPU-s compare
// moments as much as settings. Here two restarted servers on copies of one first-started folder, one with the
// defaults and one with VITRINE_MALLOC_TRIM_THRESHOLD=off, take turns for FOOTPRINT_AB_ROUNDS rounds (default
// 6) of the Stores product query (10 connections, 8 s); the verdict is the median of the per-round ratios of
// req/CPU-s, then each server's idle RSS. FOOTPRINT_AB_OFF (JSON, e.g. '{"VITRINE_NODE_FLAGS":"off"}') sets the
// second server's environment instead. Prints; exit code 1 only when it could not run.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, runLoad } from './lib/harness.mjs';
import { productQuery, rssMb, serveVitrine, sleep } from './lib/serve.mjs';
import { ensureServerBuilt } from './lib/vitrine.mjs';

const ROUNDS = Number(process.env.FOOTPRINT_AB_ROUNDS ?? 6);
/** The second server's environment: FOOTPRINT_AB_OFF's JSON object, else the trim threshold off. */
function otherSide() {
  const raw = process.env.FOOTPRINT_AB_OFF;
  if (!raw) return { name: 'no trim threshold', env: { VITRINE_MALLOC_TRIM_THRESHOLD: 'off' } };
  let env;
  try {
    env = JSON.parse(raw);
  } catch {
    env = undefined;
  }
  if (!env || typeof env !== 'object' || Array.isArray(env) || Object.values(env).some((v) => typeof v !== 'string')) {
    console.error(`FOOTPRINT_AB_OFF must be a JSON object of strings such as {"VITRINE_NODE_FLAGS":"off"}, not ${raw}`);
    process.exit(1);
  }
  return { name: raw, env };
}
const SIDES = [{ name: 'defaults', env: {} }, otherSide()];

await ensureServerBuilt();
const scratch = mkdtempSync(join(tmpdir(), 'vitrine-footprint-ab-'));
const servers = [];
try {
  log('first start on a new folder (defaults)…');
  const first = await serveVitrine(join(scratch, 'first'), {});
  await first.stop();
  for (const [i, side] of SIDES.entries()) {
    cpSync(join(scratch, 'first'), join(scratch, `side-${i}`), { recursive: true });
    const server = await serveVitrine(join(scratch, `side-${i}`), side.env);
    servers.push({ side, server, request: await productQuery(server.port), rounds: [] });
  }
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternating which goes first, so neither always follows the other's load.
    for (const s of round % 2 ? servers : [...servers].reverse()) {
      const load = await runLoad({ port: s.server.port, request: s.request, serverPid: s.server.pid, connections: 10 });
      s.rounds.push(load);
    }
    log(
      `round ${round}: ${servers.map((s) => `${s.side.name} ${Math.round(s.rounds.at(-1).rpcs)} req/CPU-s`).join(', ')}`,
    );
  }
  await sleep(40_000);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [a, b] = servers;
  const ratios = a.rounds.map((r, i) => r.rpcs / b.rounds[i].rpcs);
  const rps = a.rounds.map((r, i) => r.rps / b.rounds[i].rps);
  console.log(
    `\nProduct query, "${a.side.name}" ÷ "${b.side.name}" over ${ROUNDS} rounds: ` +
      `req/CPU-s median ${median(ratios).toFixed(2)}× (${ratios.map((x) => x.toFixed(2)).join(', ')}), ` +
      `req/s median ${median(rps).toFixed(2)}×`,
  );
  for (const s of servers)
    console.log(
      `  ${s.side.name}: req/CPU-s ${s.rounds.map((r) => Math.round(r.rpcs)).join(', ')}; ` +
        `RSS 40 s after the last round ${rssMb(s.server.pid).toFixed(0)} MB`,
    );
} finally {
  for (const s of servers) await s.server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
