import type { Migration } from '../types.js';

export const phoneFactors: Migration = {
  version: 18,
  name: 'phone_factors',
  sql: `
    -- Issue #32: second factors by text message (SMS or WhatsApp) and voice call. The number in E.164,
    -- confirmed by a code before the factor turns ACTIVE; it leaves the server only masked.
    alter table mfa_factors drop constraint mfa_factors_factor_type_check;
    alter table mfa_factors add constraint mfa_factors_factor_type_check
      check (factor_type in ('TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL'));
    alter table mfa_factors add column phone_number text;
    alter table mfa_factors add constraint mfa_factors_phone_number
      check ((factor_type in ('SMS', 'CALL')) = (phone_number is not null));

    -- One live code per phone factor (a new send replaces it): salted HMAC only, 10 minutes, 5 tries.
    -- challenge_id: the second step it answers; null for the code that confirms a new number.
    create table mfa_phone_codes (
      site_id text not null,
      factor_id uuid not null,
      challenge_id uuid,
      code_salt bytea not null,
      code_hash bytea not null,
      attempts integer not null default 0,
      sent_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (site_id, factor_id),
      foreign key (site_id, factor_id) references mfa_factors (site_id, id) on delete cascade
    );
    create index mfa_phone_codes_expiry on mfa_phone_codes (expires_at);

    -- The development phone (provider "dev", never in production): what would have been texted or read out.
    create table phone_dev_messages (
      id uuid primary key,
      site_id text not null,
      to_number text not null,
      channel text not null check (channel in ('sms', 'whatsapp', 'call')),
      body text not null,
      created_at timestamptz not null
    );
    create index phone_dev_messages_to on phone_dev_messages (to_number, created_at desc);
  `,
};
