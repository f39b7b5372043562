/**
 * Route schemas of the Stores wire. Requests are mostly the clients' nested query bodies, read and checked by
 * the handlers (query-input.ts, filter.ts) so a refusal names the Wix field; what the schemas fix is the outer
 * shape and the sizes of path ids. Answers are documented per key and serialised as given.
 */
import { Type } from 'typebox';
import { Body, Described, Key, Open, op } from '../../http/schemas/common.js';

const DotR = Type.Object(
  { '.r': Described('base64url of the JSON request body (how the clients send a GET body)') },
  { additionalProperties: true },
);
const Id = (description: string) => Type.Object({ id: Type.String({ minLength: 1, maxLength: 400, description }) });

const QueryBody = Body(
  {
    query: Described('{filter, sort, paging {limit, offset} | cursorPaging {limit, cursor}}'),
    includeVariants: Described('Ignored: variants are always included'),
    includeHiddenProducts: Described('API keys only: hidden products too'),
  },
  { examples: [{ query: { filter: { collectionIds: { $hasSome: ['…'] } }, paging: { limit: 50, offset: 0 } } }] },
);

const ProductsPage = Open({
  products: Key('Products (catalog v1 shape: priceData, productOptions, variants, media, stock…)'),
  metadata: Key('{items, offset, total} or, with cursorPaging, {count, cursors, hasNext}'),
  totalResults: Key('How many products match'),
});

export const v1Query = op(
  'Query products (catalog v1): filter, sort and page as @wix/stores sends them',
  ProductsPage,
  {
    querystring: DotR,
  },
);
export const v1QueryPost = op('Query products (catalog v1), the POST form of a long query', ProductsPage, {
  body: QueryBody,
});
export const v1Get = op(
  'One product (catalog v1); 404 with an empty details for an unknown or hidden one',
  Open({ product: Key('The product') }),
  { params: Id('Product id'), querystring: Type.Object({}, { additionalProperties: true }) },
);
export const v1Variants = op(
  "A product's variants, filtered by choices (by name or value) or ids",
  Open({ variants: Key('Variants'), metadata: Key('{items, offset}'), totalResults: Key('How many match') }),
  {
    params: Id('Product id'),
    body: Body({
      choices: Described('{"Size": "M"}: some or all of the options'),
      variantIds: Described('Variant ids'),
      paging: Described('{limit, offset}'),
    }),
  },
);
export const v1Availability = op(
  'Which choices stay available given some chosen ones, and the variant they make when complete',
  Open({
    selectedVariant: Key('{price, sku, quantity, inStock, visible…} once every option is chosen'),
    productOptions: Key('The options with inStock and visible for the choices made'),
    media: Key("The product's media"),
    availableForPurchase: Key('Whether the choices make a visible variant in stock'),
  }),
  { params: Id('Product id'), body: Body({ options: Described('{"Size": "M", "Colour": "Navy"}') }) },
);
export const v1StoreVariant = op(
  'One variant by its store id, `{productId}-{variantId}`',
  Open({ variant: Key('{id, variantId, productId, variantName, productName, sku, stock, choices…}') }),
  { params: Id('{productId}-{variantId}'), querystring: Type.Object({}, { additionalProperties: true }) },
);

const CollectionsPage = Open({
  collections: Key('Collections {id, name, slug, description, visible, numberOfProducts, media}'),
  metadata: Key('{items, offset, total}'),
  totalResults: Key('How many collections match'),
});
export const collectionsQuery = op('Query collections', CollectionsPage, { querystring: DotR });
export const collectionsQueryPost = op('Query collections, the POST form', CollectionsPage, {
  body: Body({ query: Described('{filter, sort, paging}') }),
});
export const collectionBySlug = op(
  'One collection by slug; 404 with an empty details for an unknown one (nextjs/commerce reads code 404)',
  Open({ collection: Key('The collection') }),
  {
    params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 400 }) }),
    querystring: Type.Object({}, { additionalProperties: true }),
  },
);
export const collectionGet = op('One collection by id', Open({ collection: Key('The collection') }), {
  params: Id('Collection id'),
  querystring: Type.Object({}, { additionalProperties: true }),
});

const V3Page = Open({
  products: Key('Products (catalog v3 shape: options, variantsInfo, actualPriceRange, media.main…)'),
  pagingMetadata: Key('{count, cursors {next, prev}, hasNext}'),
});
const Fields = Described('RequestedFields: CURRENCY, PLAIN_DESCRIPTION, VARIANT_OPTION_CHOICE_NAMES, URL, …');
export const v3Query = op('Query products (catalog v3) with `fields`', V3Page, { querystring: DotR });
export const v3QueryPost = op('Query products (catalog v3), the POST form', V3Page, {
  body: Body({ query: Described('{filter, sort, cursorPaging}'), fields: Fields }),
});
export const v3Search = op('Search products (catalog v3): words in the name or description', V3Page, {
  querystring: DotR,
});
export const v3SearchPost = op('Search products (catalog v3), the POST form', V3Page, {
  body: Body({ search: Described('{search {expression, mode}, filter, sort, cursorPaging}'), fields: Fields }),
});
const V3One = Open({ product: Key('The product (catalog v3 shape)') });
const FieldsQuery = Type.Object({ fields: Fields }, { additionalProperties: true });
export const v3Get = op('One product (catalog v3)', V3One, { params: Id('Product id'), querystring: FieldsQuery });
export const v3BySlug = op('One product by slug (catalog v3)', V3One, {
  params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 400 }) }),
  querystring: FieldsQuery,
});

export const recommendations = op(
  'Products to recommend beside some (same collections first, then best sellers, then newest)',
  Open({ recommendation: Key('{items [{catalogItemId, appId}], algorithm {id, appId}}') }),
  {
    body: Body(
      {
        algorithms: Described('[{id, appId}]: Wix Stores algorithms run the catalog’s one algorithm'),
        items: Described('[{catalogItemId, appId}]: the products to recommend beside (left out of the answer)'),
        minimumRecommendedItems: Described('Fewer than this: an empty recommendation'),
      },
      {
        examples: [
          {
            algorithms: [{ id: '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }],
            items: [{ catalogItemId: '…', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }],
            minimumRecommendedItems: 3,
          },
        ],
      },
    ),
  },
);
export const algorithms = op(
  'The recommendation algorithms the catalog provides',
  Open({
    availableAlgorithms: Key('[{config {name, description, algorithmType, algorithmId}, appId, catalogAppIds}]'),
  }),
);
