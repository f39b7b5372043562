import type { Migration } from '../types.js';

export const identityProviders: Migration = {
  version: 12,
  name: 'identity_providers',
  sql: `
    -- A provider identity (issuer + subject) belongs to one member forever: the key is the pair, never
    -- the email, so an address changed at the provider does not move it (issue #15).
    create table sso_identities (
      site_id text not null,
      issuer text not null,
      subject text not null,
      member_id uuid not null,
      idp_connection_id text not null,
      email text,
      created_at timestamptz not null,
      last_used_at timestamptz not null,
      primary key (site_id, issuer, subject)
    );
    create index sso_identities_member on sso_identities (site_id, member_id);

    -- Sign-ins started at a provider and not yet back: state (hashed), nonce and PKCE verifier, bound to
    -- the browser that started them by a cookie whose hash is kept. Spent once; gone after minutes.
    create table sso_logins (
      state_hash bytea primary key,
      site_id text not null,
      idp_connection_id text not null,
      redirect_session_id uuid not null,
      browser_hash bytea not null,
      nonce text not null,
      code_verifier text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index sso_logins_expiry on sso_logins (expires_at);
  `,
};
