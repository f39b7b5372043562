/** Stripe's keys from the environment (docs/payments.md → Stripe): both or neither, checked by their prefixes. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load.js';

const env = (extra: Record<string, string>) => ({ VITRINE_ADMIN_KEY: 'a'.repeat(32), ...extra });
const load = (extra: Record<string, string>) => loadConfig({ env: env(extra), ephemeral: true, port: 0 });

describe('payment settings', () => {
  it('are absent without Stripe keys, and read both keys when given', () => {
    expect(load({}).payments).toBeUndefined();
    const config = load({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' });
    expect(config.payments).toEqual({ stripe: { secretKey: 'sk_test_abc123', webhookSecret: 'whsec_abc123' } });
  });

  it('refuse one key without the other, and values that are not Stripe keys', () => {
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => load({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => load({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(
      /secret or restricted key/,
    );
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/whsec_/);
  });
});
