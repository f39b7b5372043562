/**
 * Which providers this server offers (docs/payments.md): Stripe when its keys are in the environment, the dev
 * provider outside production beside the dev mailbox (never in production, whatever the config says), and each
 * site's offline methods (`sites[].shop.offlinePayments`).
 */
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import type { PaymentProvider, PaymentProviderId } from './provider.js';
import { devPaymentProvider, devPaymentsOn } from './providers/dev.js';
import { offlinePaymentProvider } from './providers/offline.js';
import { stripePaymentProvider } from './providers/stripe.js';

export interface PaymentProviders {
  get(id: PaymentProviderId): PaymentProvider | undefined;
  /** The provider a shopper of `site` may use, or PAYMENT_PROVIDER_UNAVAILABLE (400). */
  forSite(site: SiteConfig, id: unknown, method?: string): PaymentProvider;
  /** What the site offers: the provider ids and the offline methods (with the owner's instructions, for checkout). */
  offered(site: SiteConfig): {
    providers: PaymentProviderId[];
    offline: { id: string; name: string; instructions: string }[];
  };
}

export function paymentProviders(ctx: Pick<AppContext, 'config' | 'sites'>): PaymentProviders {
  const all = new Map<PaymentProviderId, PaymentProvider>();
  const stripe = ctx.config.payments?.stripe;
  if (stripe) all.set('stripe', stripePaymentProvider(stripe));
  if (devPaymentsOn(ctx.config)) all.set('dev', devPaymentProvider(ctx.config));
  all.set(
    'offline',
    offlinePaymentProvider((siteId, id) => ctx.sites.get(siteId)?.shop?.offlinePayments?.find((m) => m.id === id)),
  );
  const offlineOf = (site: SiteConfig) => site.shop?.offlinePayments ?? [];
  const unavailable = (id: unknown) =>
    appError('PAYMENT_PROVIDER_UNAVAILABLE', {
      description: `The shop does not offer ${typeof id === 'string' ? `"${id.slice(0, 40)}"` : 'this method'}`,
    });
  return {
    get: (id) => all.get(id),
    forSite(site, id, method) {
      const provider = typeof id === 'string' ? all.get(id as PaymentProviderId) : undefined;
      if (!provider) throw unavailable(id);
      if (id === 'offline' && !offlineOf(site).some((m) => m.id === method)) throw unavailable(method ?? id);
      if (id !== 'offline' && method !== undefined) throw unavailable(method);
      return provider;
    },
    offered(site) {
      const offline = offlineOf(site).map((m) => ({ id: m.id, name: m.name, instructions: m.instructions }));
      const providers = [...all.keys()].filter((id) => id !== 'offline' || offline.length > 0);
      return { providers, offline };
    },
  };
}
