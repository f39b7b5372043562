// Baseline: the raw argon2id verify rate (m = 19 MiB, t = 2, p = 1) on the same pinned core, behind
// the thinnest HTTP route, measured in the same run as the login case.
import { serverCase } from '../lib/harness.mjs';

export default {
  id: 'argon2-raw',
  title: 'baseline: bare node:http route, one argon2id verify (OWASP parameters)',
  run: () =>
    serverCase({
      label: 'argon2-raw',
      server: { script: 'servers/argon2-raw.mjs' },
      request: () => ({ path: '/', method: 'POST', headers: { 'content-type': 'application/json' }, bodies: ['{}'] }),
      check: (json) => json?.state === 'SUCCESS',
    }),
};
