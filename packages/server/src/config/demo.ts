import type { CollectionConfig, CollectionPermissions, ShippingConfig, SiteConfig } from './types.js';
import { CATEGORY_FIELDS, demoCategories } from './demo-catalog.js';
import { demoPages, PAGE_FIELDS } from './demo-pages.js';

export const DEFAULT_TOKENS = {
  accessTokenTtl: 14_400,
  visitorRefreshTtl: 180 * 86_400,
  memberSessionTtl: 30 * 86_400,
  memberIdleTtl: 7 * 86_400,
};

/** The shop's own content (catalog, information pages): anyone reads it, admins write it. A new object each time. */
const shopContent = (): CollectionPermissions => ({
  read: 'ANYONE',
  insert: 'ADMIN',
  update: 'ADMIN',
  remove: 'ADMIN',
});

/**
 * The demo site's data collections: the catalog's categories and the shop's information pages. Products, carts and
 * orders are the commerce module's (the demo shop: `shop.demoCatalog` below; docs/commerce.md → The demo shop), read
 * through `@wix/data` as `Stores/Products`.
 */
export function demoCollections(): CollectionConfig[] {
  return [
    {
      id: 'Categories',
      permissions: shopContent(),
      seed: demoCategories(),
      fields: CATEGORY_FIELDS,
      strict: true,
      // Seeded in fr, de, es and ar too: the storefront shows category names in the shopper's language.
      translatable: ['name', 'description'],
    },
    {
      id: 'Pages',
      permissions: shopContent(),
      seed: demoPages(),
      fields: PAGE_FIELDS,
      strict: true,
      // About, delivery and contact in every language the storefront ships (demo-pages.ts).
      translatable: ['title', 'body'],
    },
  ];
}

/**
 * The site a server runs without a config file: `demo`, email verification required, automatic
 * approval, no captcha, and the storefront client `demo-storefront` on the server's own address.
 * Both `localhost` and `127.0.0.1` are accepted so either address works in a browser.
 */
export function demoSite(publicUrl: string, options: { development?: boolean } = {}): SiteConfig {
  // In development the Vite dev server (port 5173, hot reload) is a second storefront origin.
  const origins = [...sameHostVariants(publicUrl), ...(options.development ? sameHostVariants(VITE_DEV_ORIGIN) : [])];
  return {
    id: 'demo',
    name: 'Demo Store',
    policies: { emailVerification: 'required', memberApproval: 'auto', captcha: 'off' },
    tokens: { ...DEFAULT_TOKENS },
    clients: [
      {
        clientId: 'demo-storefront',
        redirectUris: origins.map((o) => `${o}/callback`),
        allowedOrigins: origins,
        refreshTokenRotation: true,
      },
    ],
    apiKeys: [],
    collections: demoCollections(),
    // Catalogs ship for these five (i18n/catalogs); Arabic pages are right to left.
    languages: ['en', 'fr', 'de', 'es', 'ar'],
    shipping: DEMO_SHIPPING,
    // Prices include tax, as European shops show them; the tax part is shown per line for these countries
    // (docs/commerce.md → Tax). Elsewhere no tax applies. The demo shop is seeded into the empty catalog.
    shop: { pricesIncludeTax: true, taxRates: DEMO_TAX_RATES, demoCatalog: true },
  };
}

/** The demo shop's tax per delivery country (docs/commerce.md → Tax). */
export const DEMO_TAX_RATES = [
  { country: 'FR', rate: 20, name: 'VAT' },
  { country: 'DE', rate: 19, name: 'VAT' },
  { country: 'ES', rate: 21, name: 'IVA' },
  { country: 'GB', rate: 20, name: 'VAT' },
];

/** The demo shop's delivery methods (config/schema/shipping.ts): flat rates per country, free above an amount. */
export const DEMO_SHIPPING: ShippingConfig = {
  methods: [
    {
      id: 'standard',
      name: 'Standard delivery',
      description: '3–5 working days',
      rates: [
        { countries: ['US'], amount: 5 },
        { countries: ['FR', 'DE', 'ES', 'BE', 'NL', 'IT'], amount: 7.5 },
        { countries: ['GB', 'AE', 'SA', 'EG', 'MA'], amount: 12 },
      ],
      freeAbove: 100,
      translations: {
        fr: { name: 'Livraison standard', description: '3 à 5 jours ouvrés' },
        de: { name: 'Standardversand', description: '3–5 Werktage' },
        es: { name: 'Envío estándar', description: 'De 3 a 5 días laborables' },
        ar: { name: 'التوصيل العادي', description: 'من 3 إلى 5 أيام عمل' },
      },
    },
    {
      id: 'express',
      name: 'Express delivery',
      description: '1–2 working days',
      rates: [
        { countries: ['US'], amount: 15 },
        { countries: ['FR', 'DE', 'ES', 'BE', 'NL', 'IT', 'GB'], amount: 20 },
      ],
      translations: {
        fr: { name: 'Livraison express', description: '1 à 2 jours ouvrés' },
        de: { name: 'Expressversand', description: '1–2 Werktage' },
        es: { name: 'Envío exprés', description: 'De 1 a 2 días laborables' },
        ar: { name: 'التوصيل السريع', description: 'من يوم إلى يومين عمل' },
      },
    },
  ],
};

const VITE_DEV_ORIGIN = 'http://localhost:5173';

function sameHostVariants(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const variants = [url.origin];
  const swap = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : undefined;
  if (swap) {
    const other = new URL(url.origin);
    other.hostname = swap;
    variants.push(other.origin);
  }
  return variants;
}
