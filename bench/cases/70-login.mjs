// Vitrine's login (POST /_api/iam/authentication/v2/login) for verified members, round-robin over 50
// accounts: one argon2id verify, the lockout check and a session token write per request. Per-IP auth
// limits are off for this server only (all the load comes from one address).
import { serverCase } from '../lib/harness.mjs';
import { profileArgs } from '../lib/vitrine.mjs';

export default {
  id: 'login',
  title: 'Vitrine login (argon2id verify + session token)',
  perDatabase: true,
  // Judged against the bare argon2id verify rate of this core: the faster of the two bare routes in the same
  // run. argon2-raw (the library's own scheduling) runs four hashes at once on one core, which evict each
  // other from the caches, so on the bench's one server core it verifies fewer hashes per second than one at a
  // time (argon2-slots, the scheduling login itself uses): judging against argon2-raw alone flattered login
  // (issue #54). Both ratios stay printed. On PostgreSQL the database's backends are not pinned (the server is
  // shared): their share of a sign-in runs on the load generator's core, so that ratio gets more than the
  // one server core the baselines get.
  targets: [
    { baseline: ['argon2-raw', 'argon2-slots'], atLeast: 0.9, label: '≥ 0.9× the bare argon2id rate' },
    { baseline: 'argon2-raw', atLeast: 0.9, reference: true, label: 'reference: of argon2-raw' },
    { baseline: 'argon2-slots', atLeast: 0.9, reference: true, label: 'reference: of argon2-slots' },
  ],
  run: ({ db, config }) =>
    serverCase({
      label: `login@${db.name}`,
      server: {
        script: 'servers/vitrine.mjs',
        args: ['--config', config, ...db.fresh().args, '--members', '50'],
        env: { ...db.env, VITRINE_TOKEN_RATE_LIMIT: '1000000000', VITRINE_AUTH_RATE_LIMITS: '0' },
        nodeArgs: profileArgs(),
      },
      request: (info) => ({
        path: '/_api/iam/authentication/v2/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: info.visitorAccessToken },
        bodies: info.memberEmails.map((email) => JSON.stringify({ loginId: { email }, password: info.password })),
      }),
      check: (json) => json?.state === 'SUCCESS' && typeof json?.sessionToken === 'string',
    }),
};
