import type { Migration } from '../types.js';

export const core: Migration = {
  version: 1,
  name: 'core',
  sql: `
    -- Key material of the server: access-token signing keys (use 'sig') and MAC keys (use 'mac').
    -- site_id '*' marks keys shared by every site of this server.
    create table server_keys (
      site_id text not null default '*',
      kid text not null,
      use text not null check (use in ('sig', 'mac')),
      alg text not null,
      private_jwk jsonb not null,
      public_jwk jsonb,
      created_at timestamptz not null default now(),
      retired_at timestamptz,
      primary key (site_id, kid)
    );

    -- A member's signed-in session: logout, password change, recovery, block and revocation end it.
    create table sessions (
      site_id text not null,
      id uuid not null,
      member_id text not null,
      client_id text not null,
      visitor_id text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text,
      primary key (site_id, id)
    );
    create index sessions_member on sessions (site_id, member_id) where revoked_at is null;

    -- Member refresh tokens, stored as SHA-256 hashes; visitor refresh tokens are sealed and never stored.
    create table refresh_tokens (
      site_id text not null,
      token_hash bytea not null primary key,
      session_id uuid not null,
      client_id text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      -- rotation bookkeeping: when this token was replaced and by which hash
      rotated_at timestamptz,
      replaced_by bytea
    );
    create index refresh_tokens_session on refresh_tokens (site_id, session_id);
  `,
};
