import type { FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../config/types.js';
import { matchLanguage, negotiateLanguage, siteLanguages, translator, type Translator } from '../../i18n/index.js';
import { pageQuery } from './input.js';

/** The language of a hosted page and whether it was chosen explicitly (then links keep `lang`). */
export interface PageLanguage {
  t: Translator;
  /** The `lang` to carry on links and forms: set only when the address chose it. */
  explicit: string | undefined;
}

/**
 * A hosted page's language (i18n/negotiate.ts): `?lang=` on its address (the redirect session's
 * `preferences.additionalQueryParameters.lang` rides there too), the member's profile language when the
 * page knows the member, the browser's Accept-Language, the site's default.
 */
export function pageLanguage(
  site: Pick<SiteConfig, 'languages'> | undefined,
  request: FastifyRequest,
  profileLanguage?: unknown,
): PageLanguage {
  const query = pageQuery(request);
  const languages = siteLanguages(site ?? {});
  const explicit = matchLanguage(languages, query.lang);
  const language = negotiateLanguage(site ?? {}, {
    explicit,
    profile: profileLanguage,
    acceptLanguage: request.headers['accept-language'],
  });
  return { t: translator(language), explicit };
}
