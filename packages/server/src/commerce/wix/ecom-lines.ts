/**
 * Line items on the eCom wire (`@wix/ecom` carts, checkouts and orders), from the module's lines: the catalog
 * reference the client sent (product and variant, with the variant's choices), the product's name (translated when
 * the buyer's language has one), the product page's address, prices as `MultiCurrencyPrice`, the choices as
 * description lines (a colour as `colorInfo`), the image, availability and physical properties.
 *
 * Images are sent as `{url, width, height, altText}` without an `id`: the client then hands the address on as it is,
 * where an `id` would make it a `wix:image://` that Wix's media helpers resolve on Wix's own CDN.
 */
import type { MediaItem, Product, Variant } from '../catalog/types.js';
import { lineChoices, type LineChoice } from '../line-choices.js';
import type { QuotedLine } from '../quote.js';
import { wixPrice, type MoneyFormat } from './ecom-money.js';

/** Wix Stores' catalog app id, which Wix's templates put in every catalog reference. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export interface LineContext extends MoneyFormat {
  /** The server's public address: product pages and images are absolute. */
  publicUrl: string;
}

const absolute = (publicUrl: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${publicUrl.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;

export function wixImage(media: MediaItem | null | undefined, publicUrl: string) {
  if (!media) return undefined;
  return {
    url: absolute(publicUrl, media.url),
    width: media.width,
    height: media.height,
    ...(media.altText ? { altText: media.altText } : {}),
  };
}

export const productUrl = (slug: string, publicUrl: string) => ({
  relativePath: `/products/${encodeURIComponent(slug)}`,
  url: `${publicUrl.replace(/\/$/, '')}/products/${encodeURIComponent(slug)}`,
});

export function descriptionLines(choices: readonly LineChoice[]) {
  return choices.map((c) =>
    c.color
      ? {
          name: { original: c.name, translated: c.name },
          colorInfo: {
            original: c.description,
            translated: c.description,
            ...(/^#|^rgb/i.test(c.value) ? { code: c.value } : {}),
          },
          lineType: 'COLOR',
        }
      : {
          name: { original: c.name, translated: c.name },
          plainText: { original: c.description, translated: c.description },
          lineType: 'PLAIN_TEXT',
        },
  );
}

export function catalogReference(productId: string, variantId: string, choices: readonly LineChoice[]) {
  return {
    catalogItemId: productId,
    appId: STORES_APP_ID,
    options: {
      variantId,
      ...(choices.length ? { options: Object.fromEntries(choices.map((c) => [c.name, c.value])) } : {}),
    },
  };
}

function availability(variant: Variant | undefined, sellable: boolean, quantity: number) {
  if (!variant) return { status: 'NOT_FOUND' };
  if (!sellable) return { status: 'NOT_AVAILABLE' };
  if (!variant.trackStock) return { status: 'AVAILABLE' };
  const status = variant.stock <= 0 ? 'NOT_AVAILABLE' : variant.stock < quantity ? 'PARTIALLY_AVAILABLE' : 'AVAILABLE';
  return { status, quantityAvailable: variant.stock };
}

/** A cart's (or checkout's) line: the catalog as it is now, priced by the quote. */
export function wixQuotedLine(q: QuotedLine, ctx: LineContext, translated: (p: Product) => string) {
  const { line, product, variant, sellable, priced } = q;
  const choices = product && variant ? lineChoices(product, variant) : [];
  const unit = priced?.unitPrice ?? variant?.price ?? 0;
  const price = wixPrice(unit, ctx);
  const media = variant?.media[0] ?? product?.media[0];
  return {
    id: line.id,
    quantity: line.quantity,
    catalogReference: catalogReference(line.productId, line.variantId, choices),
    productName: { original: product?.name ?? '', translated: product ? translated(product) : '' },
    ...(product ? { url: productUrl(product.slug, ctx.publicUrl) } : {}),
    price,
    fullPrice: wixPrice(variant?.compareAtPrice ?? unit, ctx),
    priceBeforeDiscounts: price,
    lineItemPrice: wixPrice(unit * line.quantity, ctx),
    descriptionLines: descriptionLines(choices),
    ...(media ? { image: wixImage(media, ctx.publicUrl) } : {}),
    availability: availability(variant, sellable, line.quantity),
    physicalProperties: {
      ...(variant?.sku ? { sku: variant.sku } : {}),
      ...(variant?.weight != null ? { weight: variant.weight } : {}),
      shippable: product?.productType !== 'digital',
    },
    itemType: { preset: product?.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL' },
    paymentOption: 'FULL_PAYMENT_OFFLINE',
    rootCatalogItemId: line.productId,
    customLineItem: false,
    priceUndetermined: false,
    fixedQuantity: false,
  };
}
