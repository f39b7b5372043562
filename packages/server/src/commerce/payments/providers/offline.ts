/**
 * Offline ways to pay (bank transfer, cash on delivery), as the owner lists them in `sites[].shop.offlinePayments`
 * with their own instructions. Nothing is asked of anyone: the shopper is shown the instructions (and they are
 * in the answer for the confirmation page), the order keeps awaiting payment, and an owner marks it paid when the
 * money arrives (POST /_admin/v1/commerce/orders/{id}/status). No money moves through Vitrine, so nothing is
 * refunded through it either.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from '../provider.js';

export type OfflineMethodLookup = (
  siteId: string,
  methodId: string,
) => { id: string; name: string; instructions: string } | undefined;

export function offlinePaymentProvider(lookup: OfflineMethodLookup): PaymentProvider {
  return {
    id: 'offline',
    async createSession(input) {
      const method = input.method ? lookup(input.siteId, input.method) : undefined;
      if (!method) throw new Error('unknown offline method');
      return {
        providerReference: `offline_${randomUUID()}`,
        step: { type: 'instructions', name: method.name, instructions: method.instructions },
      };
    },
    async refund() {
      throw new Error('offline payments are refunded by hand, outside Vitrine');
    },
  };
}
