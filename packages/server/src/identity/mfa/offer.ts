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

export function factorOffer(site: SiteConfig, config: Pick<ServerConfig, 'production'>): FactorOffer {
  const phone = phoneOf(site, config);
  const types = allowedFactors(site).filter((type) => !isPhoneFactor(type) || phone !== undefined);
  if (!phone || !types.some(isPhoneFactor)) return { allowedFactorTypes: types };
  const provider = phone.provider;
  const whatsapp = provider.kind !== 'twilio' || provider.whatsappFrom !== undefined;
  return { allowedFactorTypes: types, phone: { whatsapp, allowedCountries: [...phone.allowedCountries] } };
}
