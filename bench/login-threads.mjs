// `node bench/login-threads.mjs [login,slots,login-postgres,raw]`: where a sign-in's CPU goes over real sockets,
// thread by thread (issue #54). Each named server runs pinned to the bench's server core like the bench's own
// cases (`login`, `argon2-slots`, `argon2-raw`), autocannon on the other core at 50 connections: a 3 s warm-up,
// then 10 s measured. For each thread that used CPU it prints, per request: CPU time (schedstat), user and system
// time, voluntary and involuntary context switches. The event loop is "main"; argon2 runs on libuv's pool
// threads. `login-postgres` uses DATABASE_URL's server (default the local `postgres`) in its own database
// `login_threads`, dropped and re-created. Prints; the exit code is 1 only when it could not run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, runLoad, startServer } from './lib/harness.mjs';
import { writeBenchConfig } from './lib/vitrine.mjs';

const config = writeBenchConfig();
const TICK_US = 1e6 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100);

/** Per thread of `pid`: CPU ns, user and system ticks, context switches. */
function threads(pid) {
  const out = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const dir = `/proc/${pid}/task/${tid}`;
      const status = readFileSync(`${dir}/status`, 'utf8');
      const stat = readFileSync(`${dir}/stat`, 'utf8').split(') ')[1].split(' ');
      out[tid] = {
        ns: Number(readFileSync(`${dir}/schedstat`, 'utf8').split(' ')[0]),
        user: Number(stat[11]),
        system: Number(stat[12]),
        voluntary: Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)[1]),
        involuntary: Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)[1]),
      };
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return out;
}

const pgUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const loginArgs = () => [
  '--config',
  config,
  '--data-dir',
  mkdtempSync(join(tmpdir(), 'login-threads-')),
  '--members',
  '50',
];
const loginEnv = { VITRINE_TOKEN_RATE_LIMIT: '1000000000', VITRINE_AUTH_RATE_LIMITS: '0' };
const servers = {
  login: () => ({ script: 'servers/vitrine.mjs', args: loginArgs(), env: { ...loginEnv, DATABASE_URL: '' } }),
  'login-postgres': async () => {
    const admin = new (await import('pg')).default.Client({ connectionString: pgUrl.href });
    await admin.connect();
    await admin.query('drop database if exists login_threads with (force)');
    await admin.query('create database login_threads');
    await admin.end();
    const url = new URL(pgUrl.href);
    url.pathname = '/login_threads';
    return { script: 'servers/vitrine.mjs', args: loginArgs(), env: { ...loginEnv, DATABASE_URL: url.href } };
  },
  slots: () => ({ script: 'servers/argon2-raw.mjs', env: { ARGON2_VIA: 'vitrine' } }),
  raw: () => ({ script: 'servers/argon2-raw.mjs', env: {} }),
};

const names = (process.argv[2] ?? 'slots,login').split(',');
const unknown = names.find((name) => !servers[name]);
if (unknown) {
  console.error(`unknown server "${unknown}": one or more of ${Object.keys(servers).join(', ')}`);
  process.exit(1);
}
for (const name of names) {
  const server = await startServer({ ...(await servers[name]()), label: name, timeoutMs: 180_000 });
  const { info } = server;
  const request = name.startsWith('login')
    ? {
        path: '/_api/iam/authentication/v2/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: info.visitorAccessToken },
        bodies: info.memberEmails.map((email) => JSON.stringify({ loginId: { email }, password: info.password })),
      }
    : { path: '/', method: 'POST', headers: { 'content-type': 'application/json' }, bodies: ['{}'] };
  await runLoad({ port: info.port, request, duration: 3, warmup: 0 });
  const before = threads(server.child.pid);
  const result = await runLoad({ port: info.port, request, duration: 10, warmup: 0 });
  const after = threads(server.child.pid);
  await server.stop();
  const n = result.requests;
  log(`${name}: ${n} requests, ${result.rps.toFixed(1)} req/s${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}`);
  for (const [tid, t] of Object.entries(after)) {
    const b = before[tid] ?? { ns: 0, user: 0, system: 0, voluntary: 0, involuntary: 0 };
    const us = (t.ns - b.ns) / 1000 / n;
    if (us < 5) continue;
    const thread = tid === String(server.child.pid) ? 'main' : `thread ${tid}`;
    log(
      `  ${thread}: ${us.toFixed(0)} CPU-µs per request (user ${(((t.user - b.user) * TICK_US) / n).toFixed(0)}, ` +
        `system ${(((t.system - b.system) * TICK_US) / n).toFixed(0)}), switches per request: ` +
        `${((t.voluntary - b.voluntary) / n).toFixed(2)} voluntary, ${((t.involuntary - b.involuntary) / n).toFixed(2)} involuntary`,
    );
  }
}
process.exit(0);
