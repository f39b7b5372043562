/**
 * Schemas of the catalog's admin API, typed field by field (the console's types are generated from them). Money
 * is in minor units of the site's currency (`currency` in every answer); the sizes are the catalog's own limits
 * (variants.ts: 6 options, 100 choices, 300 variants).
 */
import { Type, type Static } from 'typebox';
import { Nullable, Open, op } from '../../http/schemas/common.js';
import { text } from '../../http/schemas/text-policy.js';
import { MAX_CHOICES, MAX_OPTIONS, MAX_VARIANTS } from '../catalog/variants.js';

const Money = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description });
const Id = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
const Slug = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\s/?#%]+$',
  description: 'The last part of the product page address: no spaces, /, ?, # or %',
});
const SiteId = Type.String({ minLength: 1, maxLength: 100, description: 'The site' });

const Media = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 200 }),
    url: Type.String({ minLength: 1, maxLength: 2000, pattern: '^(https?://|/)', description: 'https://… or /path' }),
    width: Type.Integer({ minimum: 0, maximum: 100_000 }),
    height: Type.Integer({ minimum: 0, maximum: 100_000 }),
    altText: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

const Option = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50 }),
    optionType: Type.Union([Type.Literal('drop_down'), Type.Literal('color')], {
      description: 'color: each value is a colour code, each description its name',
    }),
    choices: Type.Array(
      Type.Object(
        { value: Type.String({ minLength: 1, maxLength: 100 }), description: Type.String({ maxLength: 100 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_CHOICES },
    ),
  },
  { additionalProperties: false },
);

const Choices = Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 100 }), {
  maxProperties: MAX_OPTIONS,
  description: 'One choice value per option: {"Size": "M"}; {} without options',
});

const VariantInput = Type.Object(
  {
    id: Type.Optional(Id),
    choices: Type.Optional(Choices),
    sku: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    price: Money('Selling price, minor units'),
    compareAtPrice: Type.Optional(Nullable(Money('The price before a reduction, minor units'))),
    weight: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
    trackStock: Type.Optional(Type.Boolean()),
    stock: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 0,
          maximum: 1_000_000_000,
          description: 'Absent: an existing variant keeps its stock',
        }),
      ),
    ),
    visible: Type.Optional(Type.Boolean()),
    media: Type.Optional(Type.Array(Media, { maxItems: 20 })),
  },
  { additionalProperties: false },
);

const Translation = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 80 })),
    description: Type.Optional(Type.String({ maxLength: 16_000, ...text('multiline') })),
  },
  { additionalProperties: false },
);

export const ProductInput = Type.Object(
  {
    slug: Slug,
    name: Type.String({ minLength: 1, maxLength: 80 }),
    description: Type.Optional(Type.String({ maxLength: 16_000, description: 'HTML', ...text('multiline') })),
    visible: Type.Optional(Type.Boolean()),
    productType: Type.Optional(Type.Union([Type.Literal('physical'), Type.Literal('digital')])),
    options: Type.Optional(Type.Array(Option, { maxItems: MAX_OPTIONS })),
    media: Type.Optional(Type.Array(Media, { maxItems: 50 })),
    ribbon: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
    brand: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    translations: Type.Optional(Type.Record(Type.String({ maxLength: 20 }), Translation, { maxProperties: 50 })),
    variants: Type.Array(VariantInput, { minItems: 1, maxItems: MAX_VARIANTS }),
    collectionIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: 200,
        description: "Absent on create: the site's all-products collection, when it has one; on update: unchanged",
      }),
    ),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type ProductInputBody = Static<typeof ProductInput>;

const Variant = Type.Object({
  id: Type.String(),
  choices: Type.Record(Type.String(), Type.String()),
  sku: Nullable(Type.String()),
  price: Type.Integer(),
  compareAtPrice: Nullable(Type.Integer()),
  weight: Nullable(Type.Number()),
  trackStock: Type.Boolean(),
  stock: Type.Integer(),
  visible: Type.Boolean(),
  media: Type.Array(Media),
});

const Product = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  visible: Type.Boolean(),
  productType: Type.Union([Type.Literal('physical'), Type.Literal('digital')]),
  options: Type.Array(Option),
  media: Type.Array(Media),
  ribbon: Nullable(Type.String()),
  brand: Nullable(Type.String()),
  translations: Type.Record(Type.String(), Translation),
  collectionIds: Type.Array(Type.String()),
  variants: Type.Array(Variant),
  createdDate: Type.String(),
  updatedDate: Type.String(),
});

const ProductRow = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  visible: Type.Boolean(),
  minPrice: Type.Integer(),
  maxPrice: Type.Integer(),
  stock: Type.Integer({ description: 'Units left over the tracked variants' }),
  variantCount: Type.Integer(),
  inventoryStatus: Type.Union([
    Type.Literal('IN_STOCK'),
    Type.Literal('OUT_OF_STOCK'),
    Type.Literal('PARTIALLY_OUT_OF_STOCK'),
  ]),
  image: Nullable(Type.String()),
  collectionIds: Type.Array(Type.String()),
  updatedDate: Type.String(),
});

const CollectionTranslation = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 50 })),
    description: Type.Optional(Type.String({ maxLength: 600, ...text('multiline') })),
  },
  { additionalProperties: false },
);

const Collection = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  visible: Type.Boolean(),
  media: Type.Array(Media),
  translations: Type.Record(Type.String(), CollectionTranslation),
  productCount: Type.Integer(),
});

export const CollectionInput = Type.Object(
  {
    slug: Slug,
    name: Type.String({ minLength: 1, maxLength: 50 }),
    description: Type.Optional(Type.String({ maxLength: 600, ...text('multiline') })),
    visible: Type.Optional(Type.Boolean()),
    media: Type.Optional(Type.Array(Media, { maxItems: 10 })),
    translations: Type.Optional(
      Type.Record(Type.String({ maxLength: 20 }), CollectionTranslation, {
        maxProperties: 50,
        description: 'Name and description per language ({"fr": {"name": "Cuisine"}}); absent on update: unchanged',
      }),
    ),
  },
  { additionalProperties: false },
);

const Currency = Type.String({ description: "The site's currency: every amount is in its minor units" });
const SiteQuery = Type.Object({ siteId: SiteId });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const OneProduct = Type.Object({ product: Product, currency: Currency });
const OneCollection = Type.Object({ collection: Collection });

export const listProducts = op(
  'Products of the catalog, a page at a time (search in names and slugs, or one collection)',
  Type.Object({ products: Type.Array(ProductRow), total: Type.Integer(), currency: Currency }),
  {
    querystring: Type.Object({
      siteId: SiteId,
      search: Type.Optional(Type.String({ maxLength: 100 })),
      collectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: '1 to 100 (default 25)' })),
      offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$', description: 'Products to skip, up to 100000' })),
    }),
  },
);
export const getProduct = op('One product with its options and variants', OneProduct, {
  params: IdParams,
  querystring: SiteQuery,
});
export const createProduct = op('Create a product with its options and variants', OneProduct, {
  body: Type.Object({ siteId: SiteId, product: ProductInput }),
});
export const updateProduct = op(
  'Replace a product, its options and variants (variants matched by id keep their stock unless one is given)',
  OneProduct,
  { params: IdParams, body: Type.Object({ siteId: SiteId, product: ProductInput }) },
);
export const deleteProduct = op('Delete a product (orders keep what they sold)', Open({}), {
  params: IdParams,
  querystring: SiteQuery,
});
export const variantGrid = op(
  "Every combination of the options' choices as variants, keeping the existing variants that match",
  Type.Object({ variants: Type.Array(VariantInput) }),
  {
    body: Type.Object({
      siteId: SiteId,
      options: Type.Array(Option, { maxItems: MAX_OPTIONS }),
      price: Money('The price of the new variants'),
      stock: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
      existing: Type.Optional(Type.Array(VariantInput, { maxItems: MAX_VARIANTS })),
    }),
  },
);
export const listCollections = op("The catalog's collections", Type.Object({ collections: Type.Array(Collection) }), {
  querystring: SiteQuery,
});
export const createCollection = op('Create a collection', OneCollection, {
  body: Type.Object({ siteId: SiteId, collection: CollectionInput }),
});
export const updateCollection = op('Change a collection', OneCollection, {
  params: IdParams,
  body: Type.Object({ siteId: SiteId, collection: CollectionInput }),
});
export const setCollectionProducts = op("Set a collection's products, in order", OneCollection, {
  params: IdParams,
  body: Type.Object({
    siteId: SiteId,
    productIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 5000 }),
  }),
});
