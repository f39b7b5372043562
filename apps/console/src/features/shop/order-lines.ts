/**
 * An order's lines and addresses as the admin API writes them (commerce/orders/store.ts `OrderLine`): documented as
 * open objects in its schema, so read here field by field, a missing field shown as nothing rather than trusted.
 */
export interface SoldLine {
  id: string;
  name: string;
  /** "Size: Blanket, Colour: Oat": the choices as the shopper read them. */
  choices: string;
  sku: string;
  image: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  tax: number;
  /** Percent. */
  taxRate: number;
  total: number;
}

type Open = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** Product images are the shop's own paths or web addresses; anything else is not shown. */
const imageSrc = (v: unknown) => (typeof v === 'string' && /^(\/[^/]|https?:\/\/)/.test(v) ? v : '');

export function soldLine(raw: Open, index: number): SoldLine {
  const options = Array.isArray(raw.options) ? (raw.options as Open[]) : [];
  const choices = options.length
    ? options.map((o) => `${text(o.name)}: ${text(o.description) || text(o.value)}`).join(', ')
    : Object.entries((raw.choices as Open | undefined) ?? {})
        .map(([k, v]) => `${k}: ${text(v)}`)
        .join(', ');
  const media = raw.media && typeof raw.media === 'object' ? (raw.media as Open) : {};
  return {
    id: text(raw.id) || String(index),
    name: text(raw.name) || text(raw.productId),
    choices,
    sku: text(raw.sku),
    image: imageSrc(media.url),
    quantity: num(raw.quantity),
    unitPrice: num(raw.unitPrice),
    discount: num(raw.discount),
    tax: num(raw.tax),
    taxRate: num(raw.taxRate),
    total: num(raw.total),
  };
}

/**
 * A delivery address's parts in reading order: name, street, postal code and city, region, country, phone. Shown
 * each in its own direction (components/Isolated.tsx), so an Arabic name does not pull the postal code after it into its run.
 */
export function addressParts(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const a = value as Open;
  return [
    a.name,
    a.addressLine,
    a.addressLine2,
    [text(a.postalCode), text(a.city)].filter(Boolean).join(' '),
    a.subdivision,
    a.country,
    a.phone,
  ]
    .map(text)
    .filter(Boolean);
}

/** A delivery address on one line, as plain text. */
export const addressLine = (value: unknown): string => addressParts(value).join(', ');

/** The delivery method chosen: its name and the country it was priced for. */
export const methodLine = (value: unknown) =>
  value && typeof value === 'object' ? text((value as Open).name) || text((value as Open).methodId) : '';
