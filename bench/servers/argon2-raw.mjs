// Baseline for the login case: a bare node:http route that does nothing but verify one argon2id hash
// with Vitrine's own parameters and library (@node-rs/argon2 through packages/server/dist), so the
// login case can be read as "what share of the raw hash rate reaches a member".
import { createServer } from 'node:http';

const dist = new URL('../../packages/server/dist/', import.meta.url);
const { hashPassword, verifyPassword } = await import(new URL('security/passwords.js', dist).href);
const password = 'correct horse battery staple';
const stored = await hashPassword(password);

const server = createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    const ok = await verifyPassword(stored, password);
    const body = JSON.stringify({ state: ok ? 'SUCCESS' : 'FAILURE' });
    res.writeHead(ok ? 200 : 500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`BENCH_READY ${JSON.stringify({ port: server.address().port })}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
