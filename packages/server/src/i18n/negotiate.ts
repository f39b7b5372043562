import Negotiator from 'negotiator';
import type { SiteConfig } from '../config/types.js';

/** The languages of a site, its default first (`sites[].languages`, default ["en"]). */
export const siteLanguages = (site: Pick<SiteConfig, 'languages'>): readonly string[] =>
  site.languages?.length ? site.languages : ['en'];

/**
 * The site language a tag asks for: the same tag (case-insensitively), else the site's language with the
 * same language subtag (fr-CA → fr, or fr → fr-FR when only that is offered). Undefined for anything else.
 */
export function matchLanguage(languages: readonly string[], tag: unknown): string | undefined {
  if (typeof tag !== 'string' || !tag || tag.length > 35) return undefined;
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  const exact = languages.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  return languages.find((l) => l.toLowerCase().split('-')[0] === primary);
}

/** What a page or mail knows about the reader's language, in the order it counts. */
export interface LanguageHints {
  /** An explicit choice: `?lang=`, the redirect session's `lang`, a request's `language`. */
  explicit?: unknown;
  /** The member's stored profile `language`. */
  profile?: unknown;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string | string[] | undefined;
}

/**
 * The one negotiation of the server (issue #18), first match wins: explicit choice, the member's
 * profile language, Accept-Language against the site's languages, the site's default. A language the
 * site does not have never fails: it falls through to the next hint and finally to the default.
 */
export function negotiateLanguage(site: Pick<SiteConfig, 'languages'>, hints: LanguageHints): string {
  const languages = siteLanguages(site);
  const chosen = matchLanguage(languages, hints.explicit) ?? matchLanguage(languages, hints.profile);
  if (chosen) return chosen;
  const header = Array.isArray(hints.acceptLanguage) ? hints.acceptLanguage.join(',') : hints.acceptLanguage;
  if (header) {
    // negotiator parses q-values and matches fr-CA against fr; "*" means any, i.e. the default first.
    const best = new Negotiator({ headers: { 'accept-language': header.slice(0, 1000) } }).language([...languages]);
    if (best) return best;
  }
  return languages[0]!;
}
