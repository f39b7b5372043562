/**
 * What a member may set up on this site, for pages that offer factors (the storefront's Security page): the review
 * found call and WhatsApp offered where the site allowed neither, and every refusal then read "check the number".
 * SMS and CALL need both the policy (policy.ts) and a phone sender (phone/config.ts); WhatsApp needs a sender that
 * can reach it (the dev phone, a webhook, Twilio with a WhatsApp number).
 */
import type { ServerConfig, SiteConfig } from '../../config/types.js';
import { phoneOf } from '../../phone/config.js';
import { allowedFactors, isPhoneFactor, type EnrollableFactor } from './policy.js';

export interface FactorOffer {
  allowedFactorTypes: EnrollableFactor[];
  /** Present when SMS or CALL is offered. */
  phone?: { whatsapp: boolean; allowedCountries: string[] };
}

/**
 * Whether texted codes may go by WhatsApp: the dev phone (no `phone` outside production) and a webhook pass the
 * channel on; Twilio needs a WhatsApp sending number. In production a site without `phone` offers no SMS at all.
 */
export function whatsappOffered(site: Pick<SiteConfig, 'phone'>): boolean {
  const provider = site.phone?.provider;
  return provider?.kind !== 'twilio' || provider.whatsappFrom !== undefined;
}

export function factorOffer(site: SiteConfig, config: Pick<ServerConfig, 'production'>): FactorOffer {
  const phone = phoneOf(site, config);
  const types = allowedFactors(site).filter((type) => !isPhoneFactor(type) || phone !== undefined);
  if (!phone || !types.some(isPhoneFactor)) return { allowedFactorTypes: types };
  return {
    allowedFactorTypes: types,
    phone: { whatsapp: whatsappOffered(site), allowedCountries: [...phone.allowedCountries] },
  };
}
