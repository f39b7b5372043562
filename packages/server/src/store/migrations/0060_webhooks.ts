import type { Migration } from '../types.js';

export const webhooks: Migration = {
  version: 60,
  name: 'webhooks',
  sql: `
    -- Outgoing webhook endpoints: those of the config file (source 'config', synced at start) and those
    -- created through the admin API. Secrets are sealed with VITRINE_KEY_ENCRYPTION_KEY when it is set;
    -- the previous secret keeps signing beside the new one until previous_secret_expires_at (rotation).
    create table webhook_endpoints (
      site_id text not null,
      id text not null,
      source text not null,
      url text not null,
      events text[] not null,
      description text,
      secret text not null,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      enabled boolean not null default true,
      disabled_reason text,
      failing_since timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (site_id, id)
    );

    -- One row per event, written in the transaction of the change; the body is the exact signed JSON.
    create table webhook_events (
      site_id text not null,
      id text not null primary key,
      type text not null,
      body text not null,
      created_at timestamptz not null
    );

    -- The outbox proper: one delivery per event and endpoint, leased with locked_until like mail_outbox.
    create table webhook_deliveries (
      seq bigserial primary key,
      id uuid not null unique,
      site_id text not null,
      event_id text not null references webhook_events (id) on delete cascade,
      endpoint_id text not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      locked_until timestamptz,
      last_attempt_at timestamptz,
      status_code integer,
      response_excerpt text,
      last_error text,
      created_at timestamptz not null,
      delivered_at timestamptz,
      failed_at timestamptz,
      unique (event_id, endpoint_id)
    );
    create index webhook_deliveries_due on webhook_deliveries (next_attempt_at, seq) where status = 'pending';
    create index webhook_deliveries_endpoint on webhook_deliveries (site_id, endpoint_id, seq);
  `,
};
