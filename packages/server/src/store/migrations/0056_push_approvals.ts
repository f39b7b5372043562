import type { Migration } from '../types.js';

export const pushApprovals: Migration = {
  version: 56,
  name: 'push_approvals',
  sql: `
    -- Issue #32: push approval. A PUSH factor is a signed-in browser that may approve sign-ins: the
    -- session it was enrolled from and, when the browser allowed notifications, its Web Push subscription.
    alter table mfa_factors drop constraint mfa_factors_factor_type_check;
    alter table mfa_factors add constraint mfa_factors_factor_type_check
      check (factor_type in ('TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL', 'PUSH'));
    alter table mfa_factors add column push_session_id text;
    alter table mfa_factors add column push_subscription jsonb;

    -- A sign-in waiting for approval: one live transaction per second step (a new one replaces it).
    -- match_number is shown on the waiting page; choices (it and two others) on the approving device.
    create table mfa_push_transactions (
      site_id text not null,
      id uuid not null,
      challenge_id uuid not null,
      member_id uuid not null,
      match_number integer not null,
      choices integer[] not null,
      status text not null check (status in ('PENDING', 'APPROVED', 'DENIED')),
      deny_reason text,
      browser text,
      place text,
      ip text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      decided_at timestamptz,
      primary key (site_id, id),
      foreign key (site_id, challenge_id) references mfa_challenges (site_id, id) on delete cascade
    );
    create index mfa_push_transactions_member on mfa_push_transactions (site_id, member_id, status);
    create index mfa_push_transactions_expiry on mfa_push_transactions (expires_at);
  `,
};
