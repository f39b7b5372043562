import type { Migration } from '../types.js';

export const keyProtection: Migration = {
  version: 52,
  name: 'key_protection',
  sql: `
    -- Private key material sealed with VITRINE_KEY_ENCRYPTION_KEY (security/key-encryption.ts envelope).
    -- A row holds either private_jwk (no encryption key configured) or private_key_sealed, never both;
    -- a retired signing key keeps neither, only its public half for the record.
    alter table server_keys alter column private_jwk drop not null;
    alter table server_keys add column private_key_sealed text;
  `,
};
