import type { Migration } from '../types.js';

export const owners: Migration = {
  version: 70,
  name: 'owners',
  sql: `
    -- The people who run the shops (the console's accounts, identity type WIX_USER). Not members: they
    -- belong to the server, not to one site (the console switches between sites), so no site_id here.
    create table owners (
      id uuid primary key,
      email text not null,
      email_key text not null unique,
      role text not null check (role in ('owner', 'editor', 'support')),
      password_hash text,
      -- Base32 TOTP secret, sealed with VITRINE_KEY_ENCRYPTION_KEY when set. Pending until confirmed.
      totp_secret text,
      totp_enabled boolean not null default false,
      -- The last time step a code was accepted for: a code is good once (RFC 6238 §5.2).
      totp_last_step bigint not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    -- One-time setup links (24 h); only the SHA-256 of the token is kept.
    create table owner_setup_tokens (
      token_hash bytea primary key,
      owner_id uuid not null references owners (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null
    );
    -- Console sessions: 12 h absolute, 30 min idle. The cookie carries the token; only its hash is kept.
    create table owner_sessions (
      id_hash bytea primary key,
      owner_id uuid not null references owners (id) on delete cascade,
      created_at timestamptz not null,
      last_used_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz
    );
    create index owner_sessions_owner on owner_sessions (owner_id);
  `,
};
