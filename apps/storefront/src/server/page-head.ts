/**
 * What a server-rendered page says about itself in `<head>`: title, description, canonical address, the same
 * page in the other languages (hreflang), Open Graph and Twitter cards, and for a product its JSON-LD.
 */
import { LANGUAGES, languageBase } from '../i18n/languages.js';
import type { LanguageCode } from '../i18n/languages.js';
import type { Product } from '../features/catalog/product-types.js';
import { escapeHtml, scriptJson } from './safe-html.js';

export interface PageHead {
  title: string;
  description: string;
  /** Origin of the public address, e.g. `https://shop.example` (no trailing slash). */
  origin: string;
  /** The page's path within a language (`/products/mug`) and the query that names its content. */
  path: string;
  query: string;
  language: LanguageCode;
  siteName: string;
  /** Absolute or site-relative picture for link previews. */
  image?: string | undefined;
  product?: Product | undefined;
  /** What a link preview calls the page when not its title (the title names the shop too). */
  shareTitle?: string | undefined;
}

export const absolute = (origin: string, src: string) => (/^https?:\/\//i.test(src) ? src : origin + src);

/** The address of the page in `language`: `/fr/products/mug`, `/products/mug` for the default language. */
export const addressIn = (head: Pick<PageHead, 'origin' | 'path' | 'query'>, language: LanguageCode) =>
  `${head.origin}${languageBase(language)}${head.path}${head.query}`;

/** A price in major units written with its currency's digits: "18.00" (USD), "1980" (JPY). */
function decimal(amount: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return amount.toFixed(digits ?? 2);
}

export function productJsonLd(product: Product, url: string, origin: string, description: string) {
  const soldOut = !product.inStock;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description,
    ...(product.image && { image: [absolute(origin, product.image)] }),
    sku: product._id,
    productID: product._id,
    url,
    offers: {
      '@type': 'Offer',
      price: decimal(product.price, product.currency),
      priceCurrency: product.currency,
      availability: `https://schema.org/${soldOut ? 'OutOfStock' : 'InStock'}`,
      url,
    },
  };
}

export function headHtml(head: PageHead): string {
  const url = addressIn(head, head.language);
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const image = head.image && absolute(head.origin, head.image);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...LANGUAGES.map(
      (l) => `<link rel="alternate" hreflang="${l.code}" href="${escapeHtml(addressIn(head, l.code))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(head, 'en'))}" />`,
    meta('property', 'og:type', head.product ? 'product' : 'website'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.product?.title ?? head.shareTitle ?? head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', head.language),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.product?.title ?? head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ];
  if (head.product) {
    tags.push(
      ...(head.product.price !== undefined
        ? [
            meta('property', 'product:price:amount', decimal(head.product.price, head.product.currency)),
            meta('property', 'product:price:currency', head.product.currency),
          ]
        : []),
      `<script type="application/ld+json">${scriptJson(productJsonLd(head.product, url, head.origin, head.description))}</script>`,
    );
  }
  return tags.join('\n    ');
}
