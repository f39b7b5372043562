import type { Migration } from '../types.js';

export const mfaSweep: Migration = {
  version: 13,
  name: 'mfa_sweep',
  sql: `
    -- The hourly sweep deletes by expiry; without these it reads the whole table each time.
    create index mfa_webauthn_challenges_expiry on mfa_webauthn_challenges (expires_at);
    create index mfa_device_tokens_expiry on mfa_device_tokens (expires_at);
    create index mfa_device_tokens_revoked on mfa_device_tokens (revoked_at) where revoked_at is not null;
  `,
};
