import { recommendations } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { collections, products, productsV3 } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/**
 * The official Wix Headless templates' catalog calls (wix/headless-templates: nextjs/minimal-examples
 * `pages/store.js`, nextjs/commerce `lib/wix/index.ts`, astro/commerce `src/pages/index.astro`), made with the
 * unmodified `@wix/stores` and `@wix/ecom` as a visitor (`OAuthStrategy`), routed by `routeWixApis`, against the
 * demo shop (issue #50). Each test copies what its template does with the answer and asserts on the fields the
 * template reads: a shape the clients cannot read shows up as a wrong value here.
 */
let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer();
});
afterAll(() => env?.close());

const STORES_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const client = () =>
  createClient({
    modules: { products, collections, productsV3, recommendations },
    auth: OAuthStrategy({ clientId: env.server.clientId }),
  });

/** nextjs/commerce's reshapeProduct, as the template writes it (the fields its pages read). */
function reshapeProduct(item: products.Product) {
  const cartesian = <T>(data: T[][]) => data.reduce((a, b) => a.flatMap((d) => b.map((e) => [...d, e])), [[]] as T[][]);
  return {
    id: item._id!,
    title: item.name!,
    descriptionHtml: item.description!,
    availableForSale:
      item.stock?.inventoryStatus === 'IN_STOCK' || item.stock?.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK',
    handle: item.slug!,
    images: (item.media?.items ?? [])
      .filter((x) => x.image)
      .map((image) => ({ url: image.image!.url!, width: image.image?.width, height: image.image?.height })),
    priceRange: { amount: String(item.price?.price), currencyCode: item.price?.currency },
    options: (item.productOptions ?? []).map((option) => ({
      name: option.name!,
      values: option.choices!.map((choice) => (option.optionType === 'color' ? choice.description : choice.value)),
    })),
    featuredImage: { url: item.media?.mainMedia?.image?.url, altText: item.media?.mainMedia?.image?.altText },
    variants: item.manageVariants
      ? item.variants?.map((variant) => ({
          id: variant._id!,
          price: {
            amount: String(variant.variant?.priceData?.price),
            currencyCode: variant.variant?.priceData?.currency,
          },
          availableForSale: variant.stock?.trackQuantity ? (variant.stock?.quantity ?? 0) > 0 : true,
          selectedOptions: Object.entries(variant.choices ?? {}).map(([name, value]) => ({ name, value })),
        }))
      : cartesian(
          item.productOptions?.map((x) => x.choices?.map((choice) => ({ name: x.name, value: choice.value })) ?? []) ??
            [],
        ).map((selectedOptions) => ({
          id: '00000000-0000-0000-0000-000000000000',
          price: { amount: String(item.price?.price), currencyCode: item.price?.currency },
          availableForSale: item.stock?.inventoryStatus === 'IN_STOCK',
          selectedOptions,
        })),
    updatedAt: item.lastUpdated?.toString(),
  };
}

describe('nextjs/minimal-examples: the store page', () => {
  it('lists the products with their discounted price, and options to add to the cart', async () => {
    const productList = await client().products.queryProducts().find();
    expect(productList.items).toHaveLength(12);
    const rows = productList.items.map((p) => [p.name, p.convertedPriceData!.formatted!.discountedPrice]);
    expect(rows).toContainEqual(['Stoneware Mug', '$18.00']);
    expect(rows).toContainEqual(['Ribbed Ceramic Vase', '$36.00']);
    // addToCart sends {options: {[option.name]: option.choices[0].description}}.
    const throw_ = productList.items.find((p) => p.slug === 'wool-throw')!;
    const options = throw_.productOptions!.reduce(
      (selected, option) => ({ ...selected, [option.name!]: option.choices![0]!.description }),
      {},
    );
    expect(options).toEqual({ Size: 'Throw', Colour: 'Oat' });
    expect(env.routing.seen.some((r) => r.path === '/stores-reader/v1/products/query-platformized')).toBe(true);
  });
});

describe('nextjs/commerce', () => {
  /** getCollectionProducts, as the template writes it. */
  async function getCollectionProducts(
    collection: string,
    sortKey: 'name' | 'lastUpdated' | 'price' = 'name',
    reverse = false,
  ) {
    const wix = client();
    let resolved;
    try {
      resolved = (await wix.collections.getCollectionBySlug(collection)).collection;
    } catch (e) {
      if ((e as { details?: { applicationError?: { code?: unknown } } })?.details?.applicationError?.code !== 404)
        throw e;
    }
    if (!resolved) return [];
    const query = reverse
      ? wix.products.queryProducts().descending(sortKey)
      : wix.products.queryProducts().ascending(sortKey);
    const { items } = await query.hasSome('collectionIds', [resolved._id]).find();
    return items.map(reshapeProduct);
  }

  it("shows the home page's featured items and carousel", async () => {
    const featured = await getCollectionProducts('hidden-homepage-featured-items');
    expect(featured.map((p) => p.handle)).toEqual(['wool-throw', 'pour-over-kettle', 'stoneware-mug']);
    const carousel = await getCollectionProducts('hidden-homepage-carousel', 'price', true);
    expect(carousel.map((p) => [p.handle, p.priceRange.amount])).toEqual([
      ['canvas-tote', '55'],
      ['brass-pen', '48'],
      ['olive-wood-board', '42'],
      ['ceramic-vase', '45'],
      ['dot-grid-notebook', '14'],
    ]);
  });

  it('answers an unknown collection as the page expects: no products, no error', async () => {
    expect(await getCollectionProducts('no-such-collection')).toEqual([]);
  });

  it("reshapes a product with two options into the page's variants and images", async () => {
    const { items } = await client().products.queryProducts().eq('slug', 'wool-throw').limit(1).find();
    const product = reshapeProduct(items[0]!);
    expect(product).toMatchObject({
      title: 'Merino Wool Throw',
      handle: 'wool-throw',
      availableForSale: true,
      priceRange: { amount: '120', currencyCode: 'USD' },
      options: [
        { name: 'Size', values: ['Throw', 'Blanket'] },
        { name: 'Colour', values: ['Oat', 'Charcoal', 'Sage'] },
      ],
      featuredImage: { url: `${env.server.url}/assets/products/wool-throw.svg`, altText: 'Merino Wool Throw' },
    });
    expect(product.images).toEqual([
      { url: `${env.server.url}/assets/products/wool-throw.svg`, width: 400, height: 400 },
    ]);
    expect(product.variants).toHaveLength(6);
    const blanketSage = product.variants!.find((v) =>
      v.selectedOptions.every((o) => ({ Size: 'Blanket', Colour: 'Sage' })[o.name as 'Size'] === o.value),
    );
    expect(blanketSage).toMatchObject({ price: { amount: '160', currencyCode: 'USD' }, availableForSale: false });
    expect(Date.parse(product.updatedAt!)).toBeGreaterThan(0);
    const pen = reshapeProduct(
      (await client().products.queryProducts().eq('slug', 'brass-pen').limit(1).find()).items[0]!,
    );
    expect(pen.variants).toEqual([
      {
        id: '00000000-0000-0000-0000-000000000000',
        price: { amount: '48', currencyCode: 'USD' },
        availableForSale: true,
        selectedOptions: [],
      },
    ]);
  });

  it('searches by the start of the name and lists collections without the hidden ones', async () => {
    const wix = client();
    const { items } = await wix.products.queryProducts().descending('price').startsWith('name', 'w').find();
    expect(items.map((p) => p.slug)).toEqual(['canvas-tote', 'desk-tray']);
    expect((await wix.products.queryProducts().ascending('name').startsWith('name', '').find()).items).toHaveLength(12);
    const { items: all } = await wix.collections.queryCollections().find();
    const shown = all.map((c) => c.slug!).filter((slug) => !slug.startsWith('hidden'));
    expect(shown.sort()).toEqual(['all-products', 'home', 'kitchen', 'outdoors', 'stationery']);
  });

  it("runs the query builder's other filters and sorts as the catalog declares them", async () => {
    const wix = client();
    const dear = await wix.products.queryProducts().ge('priceData.price', 50).ascending('sku').find();
    expect(dear.items.map((p) => p.slug)).toEqual(['canvas-tote', 'pour-over-kettle', 'wool-throw']);
    const physical = await wix.products.queryProducts().in('productType', ['physical']).exists('sku', true).find();
    expect(physical.totalCount).toBe(12);
    const { collection: kitchen } = await wix.collections.getCollectionBySlug('kitchen');
    const { collection: all } = await wix.collections.getCollectionBySlug('all-products');
    const both = await wix.products.queryProducts().hasAll('collectionIds', [kitchen!._id, all!._id]).find();
    expect(both.items).toHaveLength(4);
    const page = await wix.products.queryProducts().ascending('name').limit(5).skip(10).find();
    expect(page.items.map((p) => p.slug)).toEqual(['desk-tray', 'canvas-tote']);
    expect(page.totalCount).toBe(12);
  });

  it('recommends products beside one and reads them by id', async () => {
    const wix = client();
    const [mug] = (await wix.products.queryProducts().eq('slug', 'stoneware-mug').find()).items;
    const { recommendation } = await wix.recommendations.getRecommendation(
      [
        { _id: '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f', appId: STORES_APP },
        { _id: 'ba491fd2-b172-4552-9ea6-7202e01d1d3c', appId: STORES_APP },
        { _id: '68ebce04-b96a-4c52-9329-08fc9d8c1253', appId: STORES_APP },
      ],
      { items: [{ catalogItemId: mug!._id!, appId: STORES_APP }], minimumRecommendedItems: 3 },
    );
    expect(recommendation!.items!.length).toBeGreaterThanOrEqual(3);
    const { items } = await wix.products
      .queryProducts()
      .in(
        '_id',
        recommendation!.items!.map((item) => item.catalogItemId),
      )
      .find();
    const recommended = items.slice(0, 6).map(reshapeProduct);
    expect(recommended.length).toBe(6);
    expect(recommended.map((p) => p.handle)).not.toContain('stoneware-mug');
    expect(recommended.map((p) => p.handle)).toEqual(expect.arrayContaining(['wool-throw', 'pour-over-kettle']));
  });
});

describe('the rest of the catalog v1 reader', () => {
  it('gets a product, its variants by choice, a store variant, option availability and the algorithms', async () => {
    const wix = client();
    const [first] = (await wix.products.queryProducts().eq('slug', 'wool-throw').find()).items;
    const product = await wix.products.getProduct(first!._id!);
    expect(product.product).toMatchObject({ slug: 'wool-throw', manageVariants: true });
    const { variants } = await wix.products.queryProductVariants(first!._id!, { choices: { Colour: 'Sage' } });
    expect(variants!.map((v) => [v.choices!.Size, v.variant!.priceData!.price, v.stock!.inStock])).toEqual([
      ['Throw', 120, true],
      ['Blanket', 160, false],
    ]);
    const { variant } = await wix.products.getStoreVariant(`${first!._id}-${variants![0]!._id}`);
    expect(variant).toMatchObject({ productName: 'Merino Wool Throw', choices: { Size: 'Throw', Colour: 'Sage' } });
    const availability = await wix.products.getProductOptionsAvailability(first!._id!, {
      Size: 'Throw',
      Colour: 'Sage',
    });
    expect(availability).toMatchObject({ availableForPurchase: true, selectedVariant: { quantity: 1 } });
    const { availableAlgorithms } = await wix.recommendations.listAvailableAlgorithms();
    expect(availableAlgorithms![0]).toMatchObject({ appId: STORES_APP, config: { algorithmType: 'RELATED_ITEMS' } });
    const missing = await wix.products.getProduct('no-such-product').catch((e: unknown) => e);
    expect((missing as { details: { applicationError: { code: unknown } } }).details.applicationError.code).toBe(404);
  });
});

describe('astro/commerce: the home page on catalog v3', () => {
  it('renders the products with prices, options and variants from the requested fields', async () => {
    const res = await client()
      .productsV3.queryProducts({ fields: ['CURRENCY', 'PLAIN_DESCRIPTION', 'VARIANT_OPTION_CHOICE_NAMES'] })
      .limit(50)
      .find();
    // The page's own serialisation, field for field.
    const shown = (res.items ?? []).map((p) => ({
      _id: p._id,
      name: p.name,
      plainDescription: p.plainDescription ?? '',
      media: p.media?.main ? { main: { image: p.media.main.image ?? null } } : null,
      formattedPrice: p.actualPriceRange?.minValue?.formattedAmount ?? '',
      options: (p.options ?? []).map((o) => ({
        name: o.name,
        choices: (o.choicesSettings?.choices ?? []).map((c) => c.name),
      })),
      variants: (p.variantsInfo?.variants ?? []).map((v) => ({
        _id: v._id,
        formattedPrice: v.price?.actualPrice?.formattedAmount ?? '',
        inStock: v.inventoryStatus?.inStock ?? true,
        choices: (v.choices ?? []).map((c) => ({
          optionName: c.optionChoiceNames?.optionName ?? '',
          choiceName: c.optionChoiceNames?.choiceName ?? '',
        })),
      })),
    }));
    expect(shown).toHaveLength(12);
    const throw_ = shown.find((p) => p.name === 'Merino Wool Throw')!;
    expect(throw_).toMatchObject({
      plainDescription: expect.stringContaining('undyed merino'),
      media: { main: { image: `${env.server.url}/assets/products/wool-throw.svg` } },
      formattedPrice: '$120.00',
      options: [
        { name: 'Size', choices: ['Throw', 'Blanket'] },
        { name: 'Colour', choices: ['Oat', 'Charcoal', 'Sage'] },
      ],
    });
    expect(throw_.variants).toContainEqual({
      _id: expect.any(String),
      formattedPrice: '$160.00',
      inStock: true,
      choices: [
        { optionName: 'Size', choiceName: 'Blanket' },
        { optionName: 'Colour', choiceName: 'Oat' },
      ],
    });
    // The island picks the variant matching every chosen option.
    const chosen: Record<string, string> = { Size: 'Blanket', Colour: 'Charcoal' };
    const variant = throw_.variants.find((v) => v.choices.every((c) => chosen[c.optionName] === c.choiceName));
    expect(variant).toMatchObject({ formattedPrice: '$160.00', inStock: false });
    // Same products, same ids as catalog v1.
    const v1 = await client().products.queryProducts().eq('slug', 'wool-throw').find();
    expect(throw_._id).toBe(v1.items[0]!._id);
    const mug = shown.find((p) => p.name === 'Stoneware Mug')!;
    expect(mug.variants.map((v) => v.choices[0]!.choiceName)).toEqual(['Speckled White', 'Slate Blue']);
    const pen = shown.find((p) => p.name === 'Solid Brass Pen')!;
    expect(pen).toMatchObject({ options: [], variants: [{ formattedPrice: '$48.00', inStock: true, choices: [] }] });
  });

  it('gets a product by slug and pages with cursors', async () => {
    const wix = client();
    const { product } = await wix.productsV3.getProductBySlug('canvas-tote', { fields: ['CURRENCY'] });
    expect(product).toMatchObject({ slug: 'canvas-tote', currency: 'USD' });
    const first = await wix.productsV3.queryProducts().limit(5).find();
    expect(first.items).toHaveLength(5);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items).toHaveLength(5);
    expect(second.items.map((p) => p._id)).not.toContain(first.items[0]!._id);
  });
});
