import type { Migration } from '../types.js';

/**
 * Payments and refunds of the commerce module's orders (issue #51, docs/payments.md). Only
 * `packages/server/src/commerce/payments/` reads or writes these tables. Money is an integer in the currency's
 * minor units. No card data is ever stored: a provider's own page takes the card (Stripe Checkout), and a payment
 * keeps only the provider's references to it.
 */
export const commercePayments: Migration = {
  version: 98,
  name: 'commerce_payments',
  sql: `
    create table commerce_payments (
      site_id text not null,
      id text not null,
      order_id text not null,
      -- 'stripe' | 'dev' | 'offline'; an offline payment names the owner's method in method.
      provider text not null,
      method text,
      status text not null check (status in ('pending', 'processing', 'succeeded', 'failed')),
      amount bigint not null check (amount > 0),
      currency text not null,
      -- Sent with every request that creates something at the provider: a retried start never makes a second charge.
      idempotency_key text not null unique,
      -- The provider's session (Stripe: cs_…) and the payment it became (Stripe: pi_…), once known.
      provider_reference text,
      charge_reference text,
      -- Where the shopper pays (the provider's hosted page), and where they come back to (checked origins).
      step_url text,
      return_url text,
      cancel_url text,
      failure_code text,
      failure_message text,
      refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      completed_at timestamptz,
      primary key (site_id, id),
      foreign key (site_id, order_id) references commerce_orders (site_id, id) on delete cascade
    );
    create index commerce_payments_order on commerce_payments (site_id, order_id, created_at);
    create unique index commerce_payments_reference on commerce_payments (provider, provider_reference)
      where provider_reference is not null;
    create index commerce_payments_charge on commerce_payments (provider, charge_reference)
      where charge_reference is not null;
    -- One payment under way per order: two starts cannot open two sessions that could both be paid.
    create unique index commerce_payments_open on commerce_payments (site_id, order_id)
      where status in ('pending', 'processing');

    create table commerce_refunds (
      site_id text not null,
      id text not null,
      order_id text not null,
      payment_id text not null,
      amount bigint not null check (amount > 0),
      currency text not null,
      status text not null check (status in ('pending', 'succeeded', 'failed')),
      reason text,
      -- The caller's key (or the refund's id): the same refund asked twice is made once, here and at the provider.
      idempotency_key text not null,
      provider_reference text,
      actor text not null,
      failure_message text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (site_id, id),
      unique (site_id, idempotency_key),
      foreign key (site_id, payment_id) references commerce_payments (site_id, id) on delete cascade
    );
    create index commerce_refunds_order on commerce_refunds (site_id, order_id, created_at);
    create unique index commerce_refunds_reference on commerce_refunds (provider_reference)
      where provider_reference is not null;

    -- Every provider event applied, once: a second delivery of the same event id finds its row and changes nothing.
    create table commerce_payment_events (
      provider text not null,
      event_id text not null,
      site_id text not null,
      payment_id text not null,
      kind text not null,
      received_at timestamptz not null,
      primary key (provider, event_id)
    );
  `,
};
