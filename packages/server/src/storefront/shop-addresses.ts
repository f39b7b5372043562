/**
 * The storefront's public addresses as search engines see them: the catalog at `/`, a category view at
 * `/?category=<collection slug>`, a product at `/products/<slug>`, an information page at `/pages/<slug>`
 * (apps/storefront/src/app/AppRoutes.tsx), each in the site's default language without a prefix and in its other languages under `/<language>/`.
 */
import type { SiteConfig } from '../config/types.js';

/** The languages the storefront ships catalogs for (apps/storefront/src/i18n/languages.ts, in step with it). */
export const STOREFRONT_LANGUAGES: readonly string[] = ['en', 'fr', 'de', 'es', 'ar'];

export interface ShopLanguages {
  /** Served without a prefix; also the `x-default` alternate. */
  defaultLanguage: string;
  /** Every language with pages, the default first. */
  all: string[];
}

/**
 * The site's languages the storefront can show, in the site's order; the first is the unprefixed one. A site
 * whose languages the storefront has none of is shown in English, the storefront's own fallback.
 */
export function shopLanguages(site: SiteConfig): ShopLanguages {
  const base = (tag: string) => tag.toLowerCase().split('-')[0]!;
  const all: string[] = [];
  for (const tag of site.languages ?? ['en']) {
    const code = base(tag);
    if (STOREFRONT_LANGUAGES.includes(code) && !all.includes(code)) all.push(code);
  }
  if (all.length === 0) all.push('en');
  return { defaultLanguage: all[0]!, all };
}

/** A page's path in one language: `/products/mug` → `/fr/products/mug`; the default language keeps it. */
export function localizedPath(languages: ShopLanguages, language: string, path: string): string {
  if (language === languages.defaultLanguage) return path;
  return `/${language}${path === '/' ? '/' : path}`;
}

export const catalogPath = (): string => '/';
export const categoryPath = (collectionSlug: string): string => `/?category=${encodeURIComponent(collectionSlug)}`;
export const productPath = (slug: string): string => `/products/${encodeURIComponent(slug)}`;
export const infoPagePath = (slug: string): string => `/pages/${encodeURIComponent(slug)}`;

/**
 * The absolute origin of every address we publish: the configured public URL (PUBLIC_URL / `publicUrl`), never
 * the request's Host header, which a client chooses (a forged Host would otherwise end up in the sitemap that
 * a cache or a crawler keeps).
 */
export function publicOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  // A public URL with a path (a shop behind a reverse proxy at /shop) keeps it.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
