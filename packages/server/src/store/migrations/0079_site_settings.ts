import type { Migration } from '../types.js';

export const siteSettings: Migration = {
  version: 79,
  name: 'site_settings',
  sql: `
    -- Site settings owners change in the console (issue #31, docs/owner-onboarding.md#settings-owners-can-change):
    -- one row per config key the console owns ('policies.emailVerification', 'clients[demo-storefront].redirectUris').
    -- value is the key's JSON as the config file would hold it, secrets inside sealed with the key-encryption
    -- key; null means "back to the config file's value or the default" (the row stays so the version moves).
    create sequence site_settings_version;
    create table site_settings (
      site_id text not null,
      key text not null,
      value jsonb,
      version bigint not null default nextval('site_settings_version'),
      updated_at timestamptz not null default now(),
      updated_by text,
      primary key (site_id, key)
    );
    -- Every instance polls max(version) every 2 seconds: one index-only read.
    create index site_settings_version_idx on site_settings (version);
  `,
};
