/**
 * Values a site runs with although neither the config file nor the console set them: the defaults the
 * feature applies itself (the second-factor mode and the factors members may use). The console shows
 * them as the values in force, so an untouched setting reads as what members get rather than as empty
 * (review t5: "TOTP / EMAIL / WEBAUTHN… all shown unchecked while three are on").
 */
import type { SiteConfig } from '../config/types.js';
import { allowedFactors, mfaMode } from '../identity/index.js';

const DEFAULTS: Record<string, (site: SiteConfig) => unknown> = {
  'policies.mfa': (site) => mfaMode(site),
  'policies.mfaFactors': (site) => [...allowedFactors(site)],
};

/** The value `key` has in force by default on `site`, where the feature applies one; else undefined. */
export function defaultInForce(site: SiteConfig, key: string): unknown {
  return DEFAULTS[key]?.(site);
}
