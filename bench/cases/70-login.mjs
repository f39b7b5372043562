// Vitrine's login (POST /_api/iam/authentication/v2/login) for verified members, round-robin over 50
// accounts: one argon2id verify, the lockout check and a session token write per request. Per-IP auth
// limits are off for this server only (all the load comes from one address).
import { serverCase } from '../lib/harness.mjs';
import { profileArgs } from '../lib/vitrine.mjs';

export default {
  id: 'login',
  title: 'Vitrine login (argon2id verify + session token)',
  perDatabase: true,
  targets: [
    { baseline: 'argon2-raw', atLeast: 0.9, label: '≥ 90 % of the raw argon2id rate' },
    // No target: how much of an equally scheduled hash rate (Vitrine's hash slots) reaches a member.
    { baseline: 'argon2-slots', atLeast: 0.9, reference: true, label: 'reference: of the hash-slots route' },
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
