// Baseline for the login case, beside argon2-raw: the same bare route, but each verify through Vitrine's
// verifyPassword, i.e. queued in its hash slots (one argon2id at a time per core; security/hash-slots.ts), the
// scheduling login itself uses. On the bench's one server core it verifies more hashes per second than
// argon2-raw (four at once evict each other from the caches), so it is the like-for-like baseline: login is
// judged against the faster of the two (cases/70-login.mjs; issue #54).
import { serverCase } from '../lib/harness.mjs';

export default {
  id: 'argon2-slots',
  title: "baseline: the argon2-raw route, one verify per core at a time (Vitrine's hash slots)",
  run: () =>
    serverCase({
      label: 'argon2-slots',
      server: { script: 'servers/argon2-raw.mjs', env: { ARGON2_VIA: 'vitrine' } },
      request: () => ({ path: '/', method: 'POST', headers: { 'content-type': 'application/json' }, bodies: ['{}'] }),
      check: (json) => json?.state === 'SUCCESS',
    }),
};
