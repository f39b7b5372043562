/**
 * The language of an order's later mails (paid, shipped, cancelled, refunded): the order's own, the one its
 * confirmation went out in (place.ts stores it), so a guest reads every mail of the order in the language they
 * bought in, and a member too, even after changing their profile's language (that mail quotes the order's lines in
 * the words they were bought in). An order without one (placed before migration 96), or in a language the site no
 * longer lists, falls back to the member's profile language, else the site's default (i18n/mail-language.ts).
 */
import type { SiteConfig } from '../../config/types.js';
import { mailLanguage } from '../../i18n/index.js';
import type { Order } from './store.js';

export const orderMailLanguage = (
  site: SiteConfig,
  order: Pick<Order, 'language'>,
  member: { profile?: Record<string, unknown> } | undefined,
): string => mailLanguage(site, { explicit: order.language ?? undefined, member });
