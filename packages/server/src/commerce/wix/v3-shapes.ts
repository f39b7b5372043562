/**
 * Catalog v3 (`productsV3`) as the clients read it: amounts as decimal strings (`"18.00"`), with a formatted
 * amount and the currency only when `fields` asks for CURRENCY; `options` with `choicesSettings.choices`, the
 * variants in `variantsInfo` (their choices named only with VARIANT_OPTION_CHOICE_NAMES), `media.main`. The
 * other `fields` values are honoured where the catalog has something to say and accepted otherwise; an unknown
 * value is refused, as Wix refuses a value outside its enum.
 */
import { invalidField } from '../../errors/wire.js';
import { formatMoney, toDecimalString } from '../money.js';
import { choiceId, optionId } from '../catalog/ids.js';
import { wireChoices } from '../catalog/choices.js';
import { variantInStock, type MediaItem, type Product, type Variant } from '../catalog/types.js';
import { choiceState, originalPrice, productView, type WireReader } from './product-view.js';

export const V3_FIELDS = [
  'URL',
  'CURRENCY',
  'INFO_SECTION',
  'MERCHANT_DATA',
  'PLAIN_DESCRIPTION',
  'INFO_SECTION_PLAIN_DESCRIPTION',
  'SUBSCRIPTION_PRICES_INFO',
  'BREADCRUMBS_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'MEDIA_ITEMS_INFO',
  'DESCRIPTION',
  'DIRECT_CATEGORIES_INFO',
  'ALL_CATEGORIES_INFO',
  'INFO_SECTION_DESCRIPTION',
  'THUMBNAIL',
  'PRODUCT_CHOICES_MEDIA_REFERENCES',
  'PRODUCT_CHOICES_DISPLAY_IMAGE',
  'MIN_PRICE_VARIANT',
  'DISCOUNT_INFO',
] as const;
export type V3Field = (typeof V3_FIELDS)[number];

/** `fields` of a request: one value (a query string's single `fields=`) or a list; at most every value once. */
export function parseFields(raw: unknown, path = 'fields'): Set<V3Field> {
  if (raw == null) return new Set();
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > V3_FIELDS.length * 2) throw invalidField(path, 'lists too many values');
  for (const [i, f] of list.entries())
    if (typeof f !== 'string' || !V3_FIELDS.includes(f as V3Field))
      throw invalidField(`${path}[${i}]`, `must be one of ${V3_FIELDS.join(', ')}`);
  return new Set(list as V3Field[]);
}

function amount(minor: number, currency: string, fields: Set<V3Field>) {
  return {
    amount: toDecimalString(minor, currency),
    ...(fields.has('CURRENCY') ? { formattedAmount: formatMoney(minor, currency) } : {}),
  };
}

function mediaV3(m: MediaItem, fields: Set<V3Field>) {
  const image = { url: m.url, width: m.width, height: m.height, altText: m.altText ?? null };
  return {
    url: m.url,
    image,
    altText: m.altText ?? null,
    mediaType: 'IMAGE',
    ...(fields.has('THUMBNAIL') ? { thumbnail: { url: m.url, width: m.width, height: m.height } } : {}),
  };
}

/** A Ricos document of one paragraph per line of the description's text (DESCRIPTION). */
function richText(html: string) {
  const text = html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    nodes: lines.map((line, i) => ({
      type: 'PARAGRAPH',
      id: `p${i}`,
      nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: line, decorations: [] } }],
      paragraphData: {},
    })),
  };
}

function variantV3(product: Product, v: Variant, currency: string, fields: Set<V3Field>) {
  const named = wireChoices(product.options, v.choices);
  const original = originalPrice(v);
  return {
    id: v.id,
    visible: v.visible,
    sku: v.sku,
    choices: product.options.map((o) => ({
      optionChoiceIds: {
        optionId: optionId(product.id, o.name),
        choiceId: choiceId(product.id, o.name, v.choices[o.name]!),
      },
      ...(fields.has('VARIANT_OPTION_CHOICE_NAMES')
        ? {
            optionChoiceNames: {
              optionName: o.name,
              choiceName: named[o.name],
              renderType: o.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
            },
          }
        : {}),
    })),
    price: {
      actualPrice: amount(v.price, currency, fields),
      ...(original > v.price ? { compareAtPrice: amount(original, currency, fields) } : {}),
    },
    inventoryStatus: { inStock: variantInStock(v), preorderEnabled: false },
    ...(product.productType === 'physical' ? { physicalProperties: { weight: v.weight } } : {}),
  };
}

export function productV3(product: Product, reader: WireReader, fields: Set<V3Field>) {
  const { currency } = reader;
  const view = productView(product, reader);
  const compareAt = view.variants.map(originalPrice);
  const categories = product.collectionIds.map((id, index) => ({ id, index }));
  const main = view.media[0];
  const variants = view.variants.map((v) => variantV3(product, v, currency, fields));
  return {
    id: product.id,
    revision: String(product.updatedAt.getTime()),
    createdDate: product.createdAt.toISOString(),
    updatedDate: product.updatedAt.toISOString(),
    name: product.name,
    slug: product.slug,
    handle: product.slug,
    visible: product.visible,
    visibleInPos: false,
    productType: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
    ...(product.productType === 'physical' ? { physicalProperties: {} } : {}),
    ...(fields.has('URL')
      ? { url: { relativePath: `/products/${product.slug}`, url: `${reader.publicUrl}/products/${product.slug}` } }
      : {}),
    ...(fields.has('PLAIN_DESCRIPTION') ? { plainDescription: product.description } : {}),
    ...(fields.has('DESCRIPTION') ? { description: richText(product.description) } : {}),
    ...(fields.has('CURRENCY') ? { currency } : {}),
    media: {
      ...(main ? { main: mediaV3(main, fields) } : {}),
      ...(fields.has('MEDIA_ITEMS_INFO') ? { itemsInfo: { items: view.media.map((m) => mediaV3(m, fields)) } } : {}),
    },
    options: product.options.map((o) => ({
      id: optionId(product.id, o.name),
      name: o.name,
      key: o.name,
      optionRenderType: o.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
      choicesSettings: {
        choices: o.choices.map((c) => ({
          choiceId: choiceId(product.id, o.name, c.value),
          name: c.description || c.value,
          key: c.description || c.value,
          choiceType: o.optionType === 'color' ? 'ONE_COLOR' : 'CHOICE_TEXT',
          ...(o.optionType === 'color' ? { colorCode: c.value } : {}),
          ...choiceState(view, o.name, c.value),
        })),
      },
    })),
    modifiers: [],
    ...(product.brand ? { brand: { name: product.brand } } : {}),
    ...(product.ribbon ? { ribbon: { name: product.ribbon } } : {}),
    ...(fields.has('DIRECT_CATEGORIES_INFO') ? { directCategoriesInfo: { categories } } : {}),
    ...(fields.has('ALL_CATEGORIES_INFO') ? { allCategoriesInfo: { categories } } : {}),
    ...(fields.has('WEIGHT_MEASUREMENT_UNIT_INFO') && product.productType === 'physical'
      ? { physicalProperties: { weightMeasurementUnitInfo: { weightMeasurementUnit: 'KG' } } }
      : {}),
    inventory: {
      availabilityStatus: view.status,
      preorderStatus: 'DISABLED',
      preorderAvailability: 'ALL_VARIANTS',
    },
    actualPriceRange: {
      minValue: amount(view.minPrice, currency, fields),
      maxValue: amount(view.maxPrice, currency, fields),
    },
    compareAtPriceRange: {
      minValue: amount(compareAt.length ? Math.min(...compareAt) : 0, currency, fields),
      maxValue: amount(compareAt.length ? Math.max(...compareAt) : 0, currency, fields),
    },
    variantsInfo: { variants },
    variantSummary: {
      variantCount: variants.length,
      ...(fields.has('MIN_PRICE_VARIANT') && view.cheapest
        ? { minPriceVariant: variantV3(product, view.cheapest, currency, fields) }
        : {}),
    },
  };
}
