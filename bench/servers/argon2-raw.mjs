// Baseline for the login case: a bare node:http route that does nothing but verify one argon2id hash
// with Vitrine's parameters (PASSWORD_PARAMS, from packages/server/dist) straight through the library
// (@node-rs/argon2, default scheduling: every request's verify goes to libuv's pool at once), so the login
// case can be read as "what share of the raw hash rate reaches a member".
// ARGON2_VIA=vitrine: the verify goes through Vitrine's verifyPassword instead, i.e. through its hash
// slots (security/hash-slots.ts: one hash per core at a time): the reference case argon2-slots.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const dist = new URL('../../packages/server/dist/', import.meta.url);
const passwords = await import(new URL('security/passwords.js', dist).href);
const argon2 = createRequire(new URL('../../packages/server/package.json', import.meta.url))('@node-rs/argon2');
const viaVitrine = process.env.ARGON2_VIA === 'vitrine';
const password = 'correct horse battery staple';
const stored = await argon2.hash(password, passwords.PASSWORD_PARAMS);
const check = viaVitrine ? () => passwords.verifyPassword(stored, password) : () => argon2.verify(stored, password);

const server = createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    const ok = await check();
    const body = JSON.stringify({ state: ok ? 'SUCCESS' : 'FAILURE' });
    res.writeHead(ok ? 200 : 500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`BENCH_READY ${JSON.stringify({ port: server.address().port })}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
