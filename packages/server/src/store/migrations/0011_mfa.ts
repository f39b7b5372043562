import type { Migration } from '../types.js';

export const mfa: Migration = {
  version: 11,
  name: 'mfa',
  sql: `
    -- Members' second factors (identity/mfa). TOTP: a Base32 secret sealed with
    -- VITRINE_KEY_ENCRYPTION_KEY when set, and the last accepted time step (a code is good once).
    -- WEBAUTHN: the credential id, its COSE public key and the authenticator's sign counter.
    create table mfa_factors (
      site_id text not null,
      id uuid not null,
      member_id uuid not null,
      factor_type text not null check (factor_type in ('TOTP', 'EMAIL', 'WEBAUTHN')),
      status text not null check (status in ('INACTIVE', 'ACTIVE')),
      name text,
      totp_secret text,
      totp_last_step bigint not null default 0,
      credential_id text,
      public_key bytea,
      sign_count bigint not null default 0,
      transports jsonb,
      created_at timestamptz not null,
      activated_at timestamptz,
      primary key (site_id, id)
    );
    create index mfa_factors_member on mfa_factors (site_id, member_id);
    create unique index mfa_factors_credential on mfa_factors (site_id, credential_id) where credential_id is not null;

    -- Recovery codes: HMAC-SHA256 under a per-member salt only; each one works once.
    create table mfa_recovery_codes (
      site_id text not null,
      member_id uuid not null,
      code_hash bytea not null,
      created_at timestamptz not null,
      used_at timestamptz,
      primary key (site_id, member_id, code_hash)
    );

    -- A second step in progress: the stateToken (hashed), 10 minutes, 5 wrong codes, used once.
    -- An emailed code and a WebAuthn challenge of the step live on the row.
    create table mfa_challenges (
      site_id text not null,
      id uuid not null,
      state_token_hash bytea not null unique,
      member_id uuid not null,
      visitor_id text,
      attempts integer not null default 0,
      email_code_salt bytea,
      email_code_hash bytea,
      email_sent_at timestamptz,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      primary key (site_id, id)
    );
    create index mfa_challenges_expiry on mfa_challenges (expires_at);

    -- WebAuthn challenges (registration, second factor, password-free sign-in): 5 minutes, used once.
    create table mfa_webauthn_challenges (
      site_id text not null,
      id uuid not null,
      member_id uuid,
      purpose text not null check (purpose in ('register', 'authenticate')),
      challenge text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      primary key (site_id, id)
    );

    -- "Remember this device": 30 days, SHA-256 only; credential changes and sign-out everywhere void them.
    create table mfa_device_tokens (
      token_hash bytea primary key,
      site_id text not null,
      member_id uuid not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index mfa_device_tokens_member on mfa_device_tokens (site_id, member_id) where revoked_at is null;
  `,
};
