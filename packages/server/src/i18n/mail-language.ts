import { AsyncLocalStorage } from 'node:async_hooks';
import type { SiteConfig } from '../config/types.js';
import { negotiateLanguage } from './negotiate.js';

/**
 * The language a request asked for, for the mails it causes. Hosted pages run the identity flows inside
 * `withRequestLanguage(page language, …)`, so a verification or recovery mail a page triggers is in the
 * page's language without every flow passing it along.
 */
const requested = new AsyncLocalStorage<string>();

export const withRequestLanguage = <T>(language: string, fn: () => T): T => requested.run(language, fn);

/**
 * A mail's language (issue #18): the request's `language` (the `explicit` argument, else the page that
 * caused it), else the member's profile `language`, else the site's default. Never the Accept-Language
 * of whoever happened to trigger it: a mail is read by its recipient.
 */
export function mailLanguage(
  site: Pick<SiteConfig, 'languages'> | undefined,
  recipient: { explicit?: unknown; member?: { profile?: Record<string, unknown> } | undefined } = {},
): string {
  return negotiateLanguage(site ?? {}, {
    explicit: recipient.explicit ?? requested.getStore(),
    profile: recipient.member?.profile?.language,
  });
}
