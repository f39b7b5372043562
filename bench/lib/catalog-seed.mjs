// The commerce catalog case's shop (cases/83-commerce-catalog.mjs), set up by servers/vitrine.mjs --catalog before
// it listens: the demo shop's 12 products in the commerce tables (the seed `vitrine serve` runs for the demo site),
// the same 12 demo records as items of the `Products` data collection (what the data API lists), and a cart of 3
// lines (one a variant of an option grid) for the server's visitor, added through the eCom wire as a shopper would.

const STORES_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
export const CATALOG_PRODUCTS = 12;

/** `vitrine`: createApp's answer; `dist`: the built server's URL. Resolves to what the case needs to know. */
export async function seedCatalog({ vitrine, dist, site, visitorAccessToken }) {
  const { ctx, app } = vitrine;
  const { seedDemoShops } = await import(new URL('commerce/catalog/demo-seed.js', dist).href);
  const { demoProducts } = await import(new URL('config/demo-catalog.js', dist).href);
  const config = ctx.sites.get(site);
  await seedDemoShops({
    db: ctx.db,
    sites: [{ ...config, shop: { ...config.shop, demoCatalog: true } }],
    now: ctx.now,
    log: app.log,
  });

  const admin = { authorization: ctx.config.adminKey, 'x-vitrine-site-id': site };
  const existing = await app.inject({
    method: 'POST',
    url: '/wix-data/v2/items/query',
    headers: admin,
    payload: { dataCollectionId: 'Products', query: { paging: { limit: 50 } } },
  });
  if (existing.json().dataItems?.length !== CATALOG_PRODUCTS) {
    const items = demoProducts().map((record) => ({ id: String(record._id), data: record }));
    const inserted = await app.inject({
      method: 'POST',
      url: '/wix-data/v2/bulk/items/insert',
      headers: admin,
      payload: { dataCollectionId: 'Products', dataItems: items },
    });
    if (inserted.statusCode !== 200)
      throw new Error(`data items insert answered ${inserted.statusCode}: ${inserted.body}`);
  }

  const listed = await app.inject({
    method: 'POST',
    url: '/stores/v3/products/query',
    headers: { authorization: visitorAccessToken },
    payload: { query: { cursorPaging: { limit: 100 } }, fields: ['VARIANT_OPTION_CHOICE_NAMES'] },
  });
  const products = listed.json().products ?? [];
  if (products.length !== CATALOG_PRODUCTS)
    throw new Error(`the commerce catalog lists ${products.length} products, not ${CATALOG_PRODUCTS}`);
  // Two plain products and one with options (its first variant), 1–2 of each.
  const withOptions = products.find((p) => p.variantsInfo?.variants?.length > 1);
  const plain = products.filter((p) => p !== withOptions).slice(0, 2);
  const lineItems = [
    ...plain.map((p, i) => ({ catalogReference: { catalogItemId: p.id, appId: STORES_APP }, quantity: i + 1 })),
    ...(withOptions
      ? [
          {
            catalogReference: {
              catalogItemId: withOptions.id,
              appId: STORES_APP,
              options: { variantId: withOptions.variantsInfo.variants[0].id },
            },
            quantity: 1,
          },
        ]
      : []),
  ];
  const cart = await app.inject({
    method: 'GET',
    url: '/ecom/v1/carts/current',
    headers: { authorization: visitorAccessToken },
  });
  if (cart.statusCode === 404) {
    const added = await app.inject({
      method: 'POST',
      url: '/ecom/v1/carts/current/add-to-cart',
      headers: { authorization: visitorAccessToken },
      payload: { lineItems },
    });
    if (added.statusCode !== 200) throw new Error(`add-to-cart answered ${added.statusCode}: ${added.body}`);
  }
  return { products: products.length, cartLines: lineItems.length };
}
