// Reference for the login case: the argon2-raw route, but each verify through Vitrine's verifyPassword,
// i.e. queued in its hash slots (one argon2id at a time per core; security/hash-slots.ts). The login
// case is measured against argon2-raw (the bare route) and, as a reference line, against this:
// the share of an equally scheduled hash rate that reaches a member.
import { serverCase } from '../lib/harness.mjs';

export default {
  id: 'argon2-slots',
  title: "reference: the argon2-raw route with Vitrine's hash slots (verifyPassword)",
  run: () =>
    serverCase({
      label: 'argon2-slots',
      server: { script: 'servers/argon2-raw.mjs', env: { ARGON2_VIA: 'vitrine' } },
      request: () => ({ path: '/', method: 'POST', headers: { 'content-type': 'application/json' }, bodies: ['{}'] }),
      check: (json) => json?.state === 'SUCCESS',
    }),
};
