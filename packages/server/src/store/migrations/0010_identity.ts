import type { Migration } from '../types.js';

export const identity: Migration = {
  version: 10,
  name: 'identity',
  sql: `
    -- Site members. email_key is the lower-cased address: addresses match case-insensitively
    -- while the spelling the member typed is kept for display and mail.
    create table members (
      site_id text not null,
      id uuid not null,
      email text not null,
      email_key text not null,
      email_verified boolean not null default false,
      password_hash text,
      -- set when the member must choose a new password before logging in again (-19973)
      password_reset_required boolean not null default false,
      status text not null check (status in ('PENDING', 'ACTIVE', 'BLOCKED')),
      approved boolean not null default true,
      profile jsonb not null default '{}'::jsonb,
      visitor_id text,
      revision integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (site_id, id),
      unique (site_id, email_key)
    );
    create index members_status on members (site_id, status, created_at);

    -- One-time session tokens (login/register/verify/recover/sign-on → redirect session). SHA-256 only.
    create table session_tokens (
      site_id text not null,
      token_hash bytea not null primary key,
      member_id uuid not null,
      visitor_id text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index session_tokens_member on session_tokens (site_id, member_id);

    -- Email verification challenges: the stateToken and the 6-digit code are both stored hashed.
    create table verifications (
      site_id text not null,
      id uuid not null,
      member_id uuid not null,
      state_token_hash bytea not null unique,
      code_salt bytea not null,
      code_hash bytea not null,
      attempts integer not null default 0,
      sends integer not null default 1,
      visitor_id text,
      created_at timestamptz not null default now(),
      last_sent_at timestamptz not null default now(),
      expires_at timestamptz not null,
      consumed_at timestamptz,
      primary key (site_id, id)
    );
    create index verifications_member on verifications (site_id, member_id);

    -- Password reset / activation links. The token travels only in the mail; its hash is kept.
    create table recovery_tokens (
      site_id text not null,
      token_hash bytea not null primary key,
      member_id uuid not null,
      purpose text not null check (purpose in ('reset', 'activation')),
      client_id text,
      redirect_url text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index recovery_tokens_member on recovery_tokens (site_id, member_id);

    -- Transactional outbox: written in the transaction that causes the mail, delivered by a loop.
    create table mail_outbox (
      site_id text not null,
      id uuid not null primary key,
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      locked_until timestamptz,
      sent_at timestamptz,
      failed_at timestamptz,
      last_error text
    );
    create index mail_outbox_pending on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
    create index mail_outbox_to on mail_outbox (lower(to_address), created_at);

    -- Rate-limit windows when Redis is not configured. Keys embed the site; '*' marks server-wide keys.
    create table rate_limits (
      site_id text not null default '*',
      key text not null primary key,
      count integer not null,
      expires_ms bigint not null
    );

    -- Spent altcha challenges, so one solved proof of work is good for one request only.
    create table captcha_spent (
      site_id text not null,
      signature text not null,
      expires_at timestamptz not null,
      primary key (site_id, signature)
    );
  `,
};
