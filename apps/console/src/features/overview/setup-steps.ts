import type { AdminAnswer } from '../../api/types.js';

export type SetupChecklist = AdminAnswer<'/_admin/v1/overview/setup-checklist', 'get'>;

/** One step of the setup checklist, in words: what it is, where it stands, and where to do it. */
export interface SetupStep {
  id: 'products' | 'payments' | 'shipping' | 'mail' | 'domain';
  title: string;
  done: boolean;
  /** What the server found, or what is missing. */
  detail: string;
  /** A console page to do it on; absent when it is done on the server (the domain). */
  action?: { to: string; label: string };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The five steps a new shop goes through (as Shopify's Home lists them), from the server's answer. The words are
 * the console's; whether each is done is the server's, read from the running state.
 */
export function setupSteps(c: SetupChecklist): SetupStep[] {
  return [
    {
      id: 'products',
      title: 'Add products',
      done: c.products.done,
      detail: c.products.done
        ? `${plural(c.products.count, 'product', 'products')} in the catalog.`
        : 'The catalog is empty: shoppers have nothing to buy yet.',
      action: c.products.done
        ? { to: '/shop/products', label: 'Review products' }
        : { to: '/shop/products/new', label: 'Add a product' },
    },
    {
      id: 'payments',
      title: 'Set up payments',
      done: c.payments.done,
      detail: c.payments.done
        ? `Shoppers pay with ${c.payments.ways.join(', ')}.`
        : 'No way to be paid: add offline methods (bank transfer, cash on delivery) in Settings → Shop, or Stripe with STRIPE_SECRET_KEY on the server.',
      action: { to: '/settings/shop', label: c.payments.done ? 'Payment settings' : 'Set up payments' },
    },
    {
      id: 'shipping',
      title: 'Set up delivery',
      done: c.shipping.done,
      detail: c.shipping.done
        ? `${plural(c.shipping.methods, 'delivery method', 'delivery methods')} at checkout.`
        : 'Checkout offers no delivery method: add one with its price per country.',
      action: { to: '/settings/shipping', label: c.shipping.done ? 'Delivery settings' : 'Add delivery methods' },
    },
    {
      id: 'mail',
      title: 'Send mail',
      done: c.mail.done,
      detail: c.mail.done
        ? 'Order and sign-in mail leaves the server through SMTP.'
        : 'Mail is kept on the server, not sent: shoppers get no order confirmations until SMTP is set up.',
      action: { to: '/settings/mail', label: c.mail.done ? 'Mail settings' : 'Set up mail' },
    },
    {
      id: 'domain',
      title: 'Connect your domain',
      done: c.domain.done,
      detail: c.domain.done
        ? `The shop is at ${c.domain.publicUrl}.`
        : `The shop answers at ${c.domain.publicUrl}. Put it on your own https domain: set PUBLIC_URL on the server (docs/operating.md).`,
    },
  ];
}
