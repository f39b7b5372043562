/** `robots.txt`: the shop's pages are for search engines; a shopper's own pages, the API and the tools are not. */
import { localizedPath, type ShopLanguages } from './shop-addresses.js';

/**
 * Storefront pages that belong to one shopper (apps/storefront/src/app/AppRoutes.tsx), in every language.
 * Not `/cart`: the server renders it empty (the lines live in the browser), it carries nothing personal, and a
 * blocked page fails Lighthouse's `is-crawlable` audit, which issue #29 holds the cart page to (SEO ≥ 95).
 */
const SHOPPER_PAGES = [
  '/checkout',
  '/account',
  '/order',
  '/sign-in',
  '/create-account',
  '/verify',
  '/forgot-password',
  '/reset-password',
  '/callback',
];

/**
 * The server's own paths (http/schemas/families.ts): APIs, the hosted sign-in pages, the owner console,
 * the dev mailbox and phone, operations, the API reference. Not `/_media/` nor `/assets/`: product pictures
 * and the storefront's scripts are what a crawler needs to see and render the shop's pages.
 */
const SERVER_PATHS = [
  '/_api/',
  '/_admin/',
  '/_iam/',
  '/_dev/',
  '/_vitrine/',
  '/_hosted',
  '/wix-data/',
  '/headless/',
  '/oauth2/',
  '/graphql',
  '/console',
  '/hosted',
  '/logout',
  '/openapi.json',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
];

export function robotsTxt(languages: ShopLanguages, sitemapUrl: string): string {
  const shopper = languages.all.flatMap((l) => SHOPPER_PAGES.map((p) => localizedPath(languages, l, p)));
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...[...new Set([...shopper, ...SERVER_PATHS])].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ];
  return lines.join('\n');
}
