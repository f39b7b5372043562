/**
 * The dev provider (docs/payments.md → The dev provider): a payment page of Vitrine's own, for `npm start` and
 * tests, like the dev mailbox. Its session is a random reference and a link to `/_dev/pay/{reference}`
 * (payments/dev-page.ts), where buttons named Pay and Decline (and a 3-D Secure-like authentication step) post
 * back and the service applies the event. On only where the dev mailbox is and never in production, whatever
 * the config says: it takes no money, so anyone with the link could mark an order paid.
 */
import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../../config/types.js';
import type { PaymentProvider } from '../provider.js';

export const DEV_PAY_PATH = '/_dev/pay';

export const devPaymentsOn = (config: Pick<ServerConfig, 'devMailbox' | 'production'>): boolean =>
  config.devMailbox && !config.production;

/** `config` is read when a session opens: a test server learns its public URL after it starts listening. */
export function devPaymentProvider(config: Pick<ServerConfig, 'publicUrl'>): PaymentProvider {
  return {
    id: 'dev',
    async createSession() {
      const reference = `devpay_${randomBytes(18).toString('base64url')}`;
      const base = config.publicUrl.replace(/\/$/, '');
      return { providerReference: reference, step: { type: 'redirect', url: `${base}${DEV_PAY_PATH}/${reference}` } };
    },
    async cancelSession() {
      // Nothing to end: the page reads the payment, which the service marks failed.
    },
    async refund(input) {
      return { providerReference: `devre_${input.idempotencyKey}`, status: 'succeeded' };
    },
  };
}
