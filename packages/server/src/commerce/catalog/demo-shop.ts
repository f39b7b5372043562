/**
 * The demo shop's catalog in the commerce tables: the demo products of config/demo-catalog.ts (same slugs, names,
 * prices in minor units, stock, images, translations) with options and variants where a shop would have them,
 * and the collections the official templates ask owners to create. Ids are name-based UUIDs (ids.ts), so a
 * product has the same id on every start, under catalog v1 and v3.
 */
import { demoCategories, demoProducts } from '../../config/demo-catalog.js';
import { toMinor } from '../money.js';
import { ALL_PRODUCTS_COLLECTION_ID, nameUuid } from './ids.js';
import type { CollectionInput } from './collection-store.js';
import type { ProductInput } from './store.js';
import type { ProductOption } from './types.js';
import type { VariantInput } from './variants.js';

interface DemoVariant {
  /** One value per option, in the options' order. */
  values: string[];
  /** Major units; the product's price when absent. */
  price?: number;
  stock: number;
  weight?: number;
}

const colour = (choices: [string, string][]): ProductOption => ({
  name: 'Colour',
  optionType: 'color',
  choices: choices.map(([description, value]) => ({ value, description })),
});
const dropDown = (name: string, values: string[]): ProductOption => ({
  name,
  optionType: 'drop_down',
  choices: values.map((value) => ({ value, description: value })),
});

/** Products with options: the wool throw varies in size (and price) and colour; the rest in one option. */
const VARIANTS: Record<string, { options: ProductOption[]; variants: DemoVariant[] }> = {
  'wool-throw': {
    options: [
      dropDown('Size', ['Throw', 'Blanket']),
      colour([
        ['Oat', '#d9ccb4'],
        ['Charcoal', '#3d3d3d'],
        ['Sage', '#9aab8a'],
      ]),
    ],
    variants: [
      { values: ['Throw', '#d9ccb4'], stock: 3, weight: 0.9 },
      { values: ['Throw', '#3d3d3d'], stock: 2, weight: 0.9 },
      { values: ['Throw', '#9aab8a'], stock: 1, weight: 0.9 },
      { values: ['Blanket', '#d9ccb4'], price: 160, stock: 2, weight: 1.3 },
      { values: ['Blanket', '#3d3d3d'], price: 160, stock: 0, weight: 1.3 },
      { values: ['Blanket', '#9aab8a'], price: 160, stock: 0, weight: 1.3 },
    ],
  },
  'stoneware-mug': {
    options: [
      colour([
        ['Speckled White', '#ece7df'],
        ['Slate Blue', '#5b6f86'],
      ]),
    ],
    variants: [
      { values: ['#ece7df'], stock: 25 },
      { values: ['#5b6f86'], stock: 15 },
    ],
  },
  'dot-grid-notebook': {
    options: [dropDown('Size', ['A5', 'A4'])],
    variants: [
      { values: ['A5'], stock: 40 },
      { values: ['A4'], price: 19, stock: 20 },
    ],
  },
  'linen-tea-towels': {
    options: [dropDown('Colour', ['Natural', 'Indigo'])],
    variants: [
      { values: ['Natural'], stock: 20 },
      { values: ['Indigo'], stock: 15 },
    ],
  },
  'canvas-tote': {
    options: [
      colour([
        ['Olive', '#6b6b3a'],
        ['Tan', '#b08d5c'],
      ]),
    ],
    variants: [
      { values: ['#6b6b3a'], stock: 15 },
      { values: ['#b08d5c'], stock: 10 },
    ],
  },
};

/** Sale prices: the demo price is what is paid, the compare-at price what it was. */
const COMPARE_AT: Record<string, number> = { 'ceramic-vase': 45 };

const FEATURED = ['wool-throw', 'pour-over-kettle', 'stoneware-mug'];
const CAROUSEL = ['olive-wood-board', 'canvas-tote', 'brass-pen', 'ceramic-vase', 'dot-grid-notebook'];

type Translations = NonNullable<CollectionInput['translations']>;

/** The names of the collections that are not categories in the demo's other languages (categories carry theirs). */
const COLLECTION_TRANSLATIONS: Record<string, Translations> = {
  'all-products': {
    fr: { name: 'Tous les produits', description: 'Tout ce que propose la boutique.' },
    de: { name: 'Alle Produkte', description: 'Alles aus dem Laden.' },
    es: { name: 'Todos los productos', description: 'Todo lo que hay en la tienda.' },
    ar: { name: 'كل المنتجات', description: 'كل ما في المتجر.' },
  },
  'hidden-homepage-featured-items': {
    fr: { name: 'À la une' },
    de: { name: 'Empfohlen' },
    es: { name: 'Destacados' },
    ar: { name: 'منتجات مختارة' },
  },
  'hidden-homepage-carousel': {
    fr: { name: 'Carrousel' },
    de: { name: 'Karussell' },
    es: { name: 'Carrusel' },
    ar: { name: 'شريط العرض' },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

export const demoProductId = (siteId: string, slug: string) => nameUuid(`demo-shop:${siteId}:product:${slug}`);
export const demoCollectionId = (siteId: string, slug: string) =>
  slug === 'all-products' ? ALL_PRODUCTS_COLLECTION_ID : nameUuid(`demo-shop:${siteId}:collection:${slug}`);

export interface DemoShop {
  collections: (CollectionInput & { id: string; productSlugs: string[] })[];
  products: (ProductInput & { id: string })[];
}

/** The demo shop of a site, in the site's currency. */
export function demoShop(siteId: string, currency: string): DemoShop {
  const items = demoProducts();
  const products = items.map((item, position): ProductInput & { id: string } => {
    const slug = String(item.slug);
    const title = String(item.title);
    const price = toMinor(Number(item.price), currency);
    const compareAt = COMPARE_AT[slug];
    const grid = VARIANTS[slug];
    const variants: VariantInput[] = grid
      ? grid.variants.map((v) => ({
          id: nameUuid(`demo-shop:${siteId}:variant:${slug}:${v.values.join('|')}`),
          choices: Object.fromEntries(grid.options.map((o, i) => [o.name, v.values[i]!])),
          sku: `${slug}-${v.values.join('-').replace(/#/g, '')}`.toUpperCase(),
          price: v.price === undefined ? price : toMinor(v.price, currency),
          weight: v.weight ?? null,
          stock: v.stock,
        }))
      : [
          {
            sku: slug.toUpperCase(),
            price,
            compareAtPrice: compareAt === undefined ? null : toMinor(compareAt, currency),
            stock: Number(item.stock),
          },
        ];
    const translations = Object.fromEntries(
      Object.entries((item.translations ?? {}) as Record<string, { title: string; description: string }>).map(
        ([language, t]) => [language, { name: t.title, description: paragraph(t.description) }],
      ),
    );
    return {
      id: demoProductId(siteId, slug),
      slug,
      name: title,
      description: paragraph(String(item.description)),
      options: grid?.options ?? [],
      media: [{ id: `${slug}.svg`, url: String(item.image), width: 400, height: 400, altText: title }],
      ribbon: compareAt === undefined ? null : 'Sale',
      translations,
      variants,
      position,
    };
  });
  const category = (slug: string) => String(items.find((i) => i.slug === slug)?.category);
  const collection = (
    slug: string,
    name: string,
    description: string,
    productSlugs: string[],
    translations: Translations = COLLECTION_TRANSLATIONS[slug] ?? {},
  ) => ({ id: demoCollectionId(siteId, slug), slug, name, description, translations, productSlugs });
  const slugs = products.map((p) => p.slug);
  return {
    products,
    collections: [
      collection('all-products', 'All Products', 'Everything in the shop.', slugs),
      collection('hidden-homepage-featured-items', 'Featured', 'The three products of the home page.', FEATURED),
      collection('hidden-homepage-carousel', 'Carousel', "The home page's carousel.", CAROUSEL),
      ...demoCategories().map((c) =>
        collection(
          String(c.slug),
          String(c.name),
          String(c.description),
          slugs.filter((s) => category(s) === c.name),
          // The categories' names in the demo's other languages (config/demo-translations.ts), as its
          // `Categories` data items have them.
          c.translations as Translations,
        ),
      ),
    ],
  };
}
