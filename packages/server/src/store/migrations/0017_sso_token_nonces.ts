import type { Migration } from '../types.js';

export const ssoTokenNonces: Migration = {
  version: 17,
  name: 'sso_token_nonces',
  sql: `
    -- Nonces the server issues for login-with-token-params (audit S-9): an app puts one in its request
    -- to the provider, and the ID token it brings back must carry it. Stored hashed, single use (the row
    -- goes when it is spent), for one provider of one site, until expires_at.
    create table sso_token_nonces (
      site_id text not null,
      nonce_hash bytea not null,
      idp_connection_id text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (site_id, nonce_hash)
    );
    create index sso_token_nonces_expiry on sso_token_nonces (expires_at);
  `,
};
