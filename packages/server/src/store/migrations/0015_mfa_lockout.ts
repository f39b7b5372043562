import type { Migration } from '../types.js';

export const mfaLockout: Migration = {
  version: 15,
  name: 'mfa_lockout',
  sql: `
    -- Audit S-5 (NIST SP 800-63B 5.2.2): wrong second-step answers in a row per member, across
    -- stateTokens, kept here so the count survives restarts and every instance shares it. At the limit
    -- the second step is locked until a password reset or an owner unlocks it (identity/mfa/lockout.ts).
    create table mfa_failures (
      site_id text not null,
      member_id uuid not null,
      consecutive integer not null default 0,
      notified_at timestamptz,
      locked_at timestamptz,
      updated_at timestamptz not null,
      primary key (site_id, member_id)
    );

    -- Audit S-11 (ASVS 6.5.2): recovery codes under argon2id with a random salt (a PHC string in
    -- code_digest). Rows written before hold only an HMAC in code_hash; the server wraps each of those in
    -- argon2id when it starts (identity/mfa/recovery-code-upgrade.ts) and clears code_hash.
    alter table mfa_recovery_codes add column id uuid not null default gen_random_uuid();
    alter table mfa_recovery_codes drop constraint mfa_recovery_codes_pkey;
    alter table mfa_recovery_codes add primary key (site_id, id);
    alter table mfa_recovery_codes alter column code_hash drop not null;
    alter table mfa_recovery_codes add column code_digest text;
    alter table mfa_recovery_codes add constraint mfa_recovery_codes_stored check (code_hash is not null or code_digest is not null);
    create index mfa_recovery_codes_member on mfa_recovery_codes (site_id, member_id);
    create index mfa_recovery_codes_legacy on mfa_recovery_codes (site_id) where code_hash is not null;
  `,
};
