/**
 * The data suites' collections that the demo site declared until its shop moved into the commerce module (issue
 * #50): `Products`, typed, seeded with the demo products as data items and translated, and `Cart`, whose items
 * belong to their author (a visitor's items, handed to the member at sign-in). Every test server's demo site has
 * them (with `MemberNotes`, a members-only collection; server.ts), so the data suites (queries, translations, references, permissions, ownership, GraphQL,
 * backups, the route fuzz) keep the collections they work on. They are not the shop: its catalog and carts are
 * the commerce module's (`Stores/Products`, the eCom cart), and without `Orders` no site here is an older shop.
 */
import type { CollectionConfig, FieldConfig, SiteConfig } from '../src/config/types.js';
import { demoProducts } from '../src/config/demo-catalog.js';

export const TEST_CATALOG = 'Products';

export const TEST_CATALOG_FIELDS: FieldConfig[] = [
  { key: 'title', type: 'text', required: false, label: 'Title' },
  { key: 'slug', type: 'text', required: false, label: 'Web address' },
  { key: 'price', type: 'number', required: false, label: 'Price' },
  { key: 'category', type: 'reference', required: false, collection: 'Categories', label: 'Category' },
  { key: 'description', type: 'richtext', required: false, label: 'Description' },
  { key: 'image', type: 'image', required: false, label: 'Image' },
  { key: 'stock', type: 'number', required: false, label: 'In stock' },
];

export const testCatalogCollection = (): CollectionConfig => ({
  id: TEST_CATALOG,
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  seed: demoProducts(),
  // Not strict and nothing required: admins and tests add items with other fields.
  fields: TEST_CATALOG_FIELDS,
  translatable: ['title', 'description'],
});

/** A collection whose items only their author (visitor or member) reads and writes. */
export const authorCollection = (id: string): CollectionConfig => ({
  id,
  permissions: { read: 'AUTHOR', insert: 'AUTHOR', update: 'AUTHOR', remove: 'AUTHOR' },
  seed: [],
});

/** Members read and write their own items; visitors none (what the demo's `Orders` were to the data service). */
export const MEMBER_NOTES = 'MemberNotes';
export const memberNotesCollection = (): CollectionConfig => ({
  id: MEMBER_NOTES,
  permissions: {
    read: 'SITE_MEMBER_AUTHOR',
    insert: 'SITE_MEMBER_AUTHOR',
    update: 'SITE_MEMBER_AUTHOR',
    remove: 'ADMIN',
  },
  seed: [],
});

/** The site with the test `Products`, `Cart` and `MemberNotes`, except those of the same name it declares itself. */
export const withTestCatalog = (site: SiteConfig): SiteConfig => {
  const added = [testCatalogCollection(), authorCollection('Cart'), memberNotesCollection()].filter(
    (c) => !site.collections.some((own) => own.id === c.id),
  );
  return { ...site, collections: [...added, ...site.collections] };
};
