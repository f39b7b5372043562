import type { Migration } from '../types.js';

export const ssoUsedIdTokens: Migration = {
  version: 14,
  name: 'sso_used_id_tokens',
  sql: `
    -- ID tokens spent on login-with-token-params (audit S-9): each signs in once. The key is the hash of
    -- the token's jti, or of the token itself when it has none; a row lives as long as its token would.
    create table sso_used_id_tokens (
      site_id text not null,
      issuer text not null,
      token_hash bytea not null,
      expires_at timestamptz not null,
      primary key (site_id, issuer, token_hash)
    );
    create index sso_used_id_tokens_expiry on sso_used_id_tokens (expires_at);
  `,
};
