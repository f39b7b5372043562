import type { Migration } from '../types.js';

export const redirects: Migration = {
  version: 30,
  name: 'redirects',
  sql: `
    -- Redirect sessions (docs/wire-format.md §4): what a fullUrl stands for. Ten minutes, single use.
    create table redirect_sessions (
      site_id text not null,
      id uuid not null primary key,
      intent text not null check (intent in ('auth', 'login', 'logout')),
      client_id text not null,
      redirect_uri text,
      code_challenge text,
      response_mode text,
      state text,
      prompt text,
      -- the member named by a session token (spent when the session was created), if any
      member_id uuid,
      -- the visitor who started the flow, linked to the member at the code exchange
      visitor_id text,
      -- logout: the member session whose access token created this redirect session
      logout_session_id uuid,
      post_flow_url text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index redirect_sessions_expiry on redirect_sessions (expires_at);

    -- Authorization codes: SHA-256 only, single use, bound to client, redirect URI, PKCE and member.
    create table authorization_codes (
      site_id text not null,
      code_hash bytea not null primary key,
      client_id text not null,
      redirect_uri text,
      code_challenge text not null,
      member_id uuid not null,
      visitor_id text,
      -- the member session the exchange created: a replayed code revokes it
      session_id uuid,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index authorization_codes_expiry on authorization_codes (expires_at);

    -- The hosted pages' own sign-in cookie: its value hashed, backed by a member session (so
    -- logout, password change, block and revocation end it too).
    create table browser_sessions (
      site_id text not null,
      token_hash bytea not null primary key,
      member_id uuid not null,
      session_id uuid not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index browser_sessions_session on browser_sessions (site_id, session_id);

    -- Every use of a site API key on the token endpoint (external login), granted or refused.
    create table api_key_audit (
      site_id text not null,
      id uuid not null primary key,
      key_name text not null,
      action text not null,
      outcome text not null,
      member_id text,
      client_id text,
      ip text,
      created_at timestamptz not null
    );
    create index api_key_audit_site on api_key_audit (site_id, created_at);
  `,
};
