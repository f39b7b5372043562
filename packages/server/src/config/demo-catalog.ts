/**
 * The demo shop's catalog: its products (commerce/catalog/demo-shop.ts makes the commerce module's demo shop of them)
 * and their categories, seeded into `Categories` the first time the demo site starts.
 */
import type { FieldConfig } from './types.js';
import { DEMO_CATEGORY_TRANSLATIONS, DEMO_PRODUCT_TRANSLATIONS } from './demo-translations.js';

interface DemoProduct {
  slug: string;
  title: string;
  price: number;
  category: 'Kitchen' | 'Home' | 'Stationery' | 'Outdoors';
  description: string;
  stock: number;
}

const products: DemoProduct[] = [
  {
    slug: 'stoneware-mug',
    title: 'Stoneware Mug',
    price: 18,
    category: 'Kitchen',
    stock: 40,
    description: 'A hand-glazed 350 ml mug that keeps coffee warm and sits well in the hand.',
  },
  {
    slug: 'pour-over-kettle',
    title: 'Pour-Over Kettle',
    price: 64,
    category: 'Kitchen',
    stock: 12,
    description: 'Gooseneck spout for a slow, even pour. Works on gas, electric and induction.',
  },
  {
    slug: 'olive-wood-board',
    title: 'Olive Wood Board',
    price: 42,
    category: 'Kitchen',
    stock: 20,
    description: 'A cutting and serving board cut from a single piece of olive wood.',
  },
  {
    slug: 'linen-tea-towels',
    title: 'Linen Tea Towels (set of 3)',
    price: 24,
    category: 'Kitchen',
    stock: 35,
    description: 'Stonewashed linen that dries glasses without lint and softens with every wash.',
  },
  {
    slug: 'wool-throw',
    title: 'Merino Wool Throw',
    price: 120,
    category: 'Home',
    stock: 8,
    description: 'A light, warm throw in undyed merino for the sofa or the end of the bed.',
  },
  {
    slug: 'ceramic-vase',
    title: 'Ribbed Ceramic Vase',
    price: 36,
    category: 'Home',
    stock: 15,
    description: 'A 22 cm matte vase for dried stems or a single fresh branch.',
  },
  {
    slug: 'beeswax-candles',
    title: 'Beeswax Candles (pair)',
    price: 16,
    category: 'Home',
    stock: 50,
    description: 'Hand-dipped pure beeswax tapers that burn clean for about eight hours.',
  },
  {
    slug: 'dot-grid-notebook',
    title: 'Dot Grid Notebook',
    price: 14,
    category: 'Stationery',
    stock: 60,
    description: 'A5, 192 numbered pages of 100 g paper that takes fountain pen ink without bleeding.',
  },
  {
    slug: 'brass-pen',
    title: 'Solid Brass Pen',
    price: 48,
    category: 'Stationery',
    stock: 10,
    description: 'A weighty pen that develops a patina over the years; takes standard refills.',
  },
  {
    slug: 'desk-tray',
    title: 'Walnut Desk Tray',
    price: 30,
    category: 'Stationery',
    stock: 18,
    description: 'Keeps pens, keys and cards in one place on the desk.',
  },
  {
    slug: 'canvas-tote',
    title: 'Waxed Canvas Tote',
    price: 55,
    category: 'Outdoors',
    stock: 25,
    description: 'Water-resistant waxed cotton with leather handles and an inner pocket.',
  },
  {
    slug: 'enamel-camp-mug',
    title: 'Enamel Camp Mug',
    price: 12,
    category: 'Outdoors',
    stock: 0,
    description: 'The mug for the trail and the campfire; currently sold out.',
  },
];

/** The demo products as the older shop's items had them (slug as id, decimal price, image, translations). */
export function demoProducts(): Record<string, unknown>[] {
  return products.map((p) => ({
    _id: p.slug,
    title: p.title,
    slug: p.slug,
    price: p.price,
    category: p.category,
    description: p.description,
    image: `/assets/products/${p.slug}.svg`,
    stock: p.stock,
    // The other languages' title and description (Products declares them translatable).
    translations: DEMO_PRODUCT_TRANSLATIONS[p.slug] ?? {},
  }));
}

export const demoProductSlugs = products.map((p) => p.slug);

/**
 * The catalog's categories: each id is the category's name, so a product's `category` is both the text the
 * storefront filters and shows and a reference to its `Categories` item (GraphQL resolves it to the object).
 */
const categories: { name: DemoProduct['category']; description: string }[] = [
  { name: 'Kitchen', description: 'Mugs, kettles and boards for everyday cooking and coffee.' },
  { name: 'Home', description: 'Throws, vases and candles for a calmer home.' },
  { name: 'Stationery', description: 'Notebooks, pens and trays for the desk.' },
  { name: 'Outdoors', description: 'Bags and mugs for the trail.' },
];

export function demoCategories(): Record<string, unknown>[] {
  return categories.map((c) => ({
    _id: c.name,
    name: c.name,
    slug: c.name.toLowerCase(),
    description: c.description,
    translations: DEMO_CATEGORY_TRANSLATIONS[c.name] ?? {},
  }));
}

/** Declared fields of the demo's Categories collection (typed collections, see data/fields.ts). */
export const CATEGORY_FIELDS: FieldConfig[] = [
  { key: 'name', type: 'text', required: true, label: 'Name' },
  { key: 'slug', type: 'text', required: true, label: 'Web address' },
  { key: 'description', type: 'text', required: false, label: 'Description' },
];
