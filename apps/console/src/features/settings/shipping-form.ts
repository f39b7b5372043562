/**
 * The shipping-zones form's model: the config file's `shipping.methods` (config/schema/shipping.ts) as
 * drafts the form edits (amounts as typed, countries as chosen) and back. The server judges the result
 * with the config file's own rules and sentences; this only says what it cannot read (an amount that is
 * not a number) so nothing half-typed is sent.
 */
export interface ShippingTranslation {
  name: string;
  description?: string;
}

export interface ShippingMethod {
  id: string;
  name: string;
  description?: string;
  rates: { countries: string[]; amount: number }[];
  freeAbove?: number;
  /** Per language tag: what shoppers of that language see (the default language uses name/description). */
  translations?: Record<string, ShippingTranslation>;
}

export interface RateDraft {
  countries: string[];
  amount: string;
}

export interface MethodDraft {
  /** Stable across renders, also for a method not saved yet. */
  key: string;
  id: string;
  name: string;
  description: string;
  rates: RateDraft[];
  freeAbove: string;
  translations: Record<string, { name: string; description: string }>;
}

let counter = 0;
const nextKey = () => `method-${++counter}`;

export const emptyRate = (): RateDraft => ({ countries: [], amount: '' });

export function newMethodDraft(existingIds: readonly string[]): MethodDraft {
  let n = existingIds.length + 1;
  while (existingIds.includes(`method-${n}`)) n++;
  return {
    key: nextKey(),
    id: `method-${n}`,
    name: '',
    description: '',
    rates: [emptyRate()],
    freeAbove: '',
    translations: {},
  };
}

export function toMethodDrafts(value: unknown): MethodDraft[] {
  if (!Array.isArray(value)) return [];
  return (value as ShippingMethod[]).map((m) => ({
    key: nextKey(),
    id: m.id,
    name: m.name ?? '',
    description: m.description ?? '',
    rates: (m.rates ?? []).map((r) => ({ countries: [...(r.countries ?? [])], amount: String(r.amount ?? '') })),
    freeAbove: m.freeAbove === undefined ? '' : String(m.freeAbove),
    translations: Object.fromEntries(
      Object.entries(m.translations ?? {}).map(([tag, t]) => [
        tag,
        { name: t.name ?? '', description: t.description ?? '' },
      ]),
    ),
  }));
}

/** "4,90" or "4.90" → 4.9; empty → undefined; anything else → NaN. */
export function readAmount(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : NaN;
}

/** The methods to send, or a sentence naming the first field that cannot be read. */
export function fromMethodDrafts(drafts: readonly MethodDraft[]): { methods: ShippingMethod[] } | { error: string } {
  const methods: ShippingMethod[] = [];
  for (const [i, d] of drafts.entries()) {
    const label = d.name.trim() || `Method ${i + 1}`;
    const rates: ShippingMethod['rates'] = [];
    for (const [j, r] of d.rates.entries()) {
      const amount = readAmount(r.amount);
      if (amount === undefined || Number.isNaN(amount))
        return { error: `${label}, rate ${j + 1}: the price must be an amount such as 4.90.` };
      rates.push({ countries: r.countries, amount });
    }
    const freeAbove = readAmount(d.freeAbove);
    if (Number.isNaN(freeAbove)) return { error: `${label}: "free above" must be an amount such as 50 or be empty.` };
    const translations = Object.fromEntries(
      Object.entries(d.translations)
        .filter(([, t]) => t.name.trim())
        .map(([tag, t]) => [
          tag,
          { name: t.name.trim(), ...(t.description.trim() ? { description: t.description.trim() } : {}) },
        ]),
    );
    methods.push({
      id: d.id.trim(),
      name: d.name.trim(),
      ...(d.description.trim() ? { description: d.description.trim() } : {}),
      rates,
      ...(freeAbove !== undefined ? { freeAbove } : {}),
      ...(Object.keys(translations).length ? { translations } : {}),
    });
  }
  return { methods };
}
