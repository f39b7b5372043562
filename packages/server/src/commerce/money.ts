/**
 * Money as integers in the currency's minor units (cents for EUR and USD, yen as is for JPY, fils for KWD): every
 * amount the commerce module stores, adds or compares is one. Decimal amounts appear only at the edges: the
 * config's shipping rates (decimals, as owners write them) and the Wix wire (strings such as "18.00").
 */

const digitsCache = new Map<string, number>();

/** The currency's minor-unit digits, from ICU's CLDR data (JPY 0, EUR 2, KWD 3). */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** Whether Intl knows the code as a currency (the config accepts only those). */
export function isKnownCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** A decimal amount (4.9 EUR) in minor units (490), rounded half away from zero at the currency's digits. */
export function toMinor(amount: number, currency: string): number {
  const factor = 10 ** currencyDigits(currency);
  // Via the decimal string, so 1.005 is 100.5 cents (→ 101), not 100.49999… (→ 100).
  const scaled = Number(`${Math.abs(amount)}e${currencyDigits(currency)}`);
  const rounded = Number.isFinite(scaled) ? Math.round(scaled) : Math.round(Math.abs(amount) * factor);
  return amount < 0 ? -rounded : rounded;
}

/** Minor units as the decimal string Wix's wire carries: 1850 EUR → "18.50", 1850 JPY → "1850". */
export function toDecimalString(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const units = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits ? units.slice(0, -digits) : units;
  const fraction = digits ? `.${units.slice(-digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Minor units as a number of major units (1850 → 18.5), for the fields Wix's catalog v1 types as numbers. */
export const toMajor = (minor: number, currency: string): number => Number(toDecimalString(minor, currency));

const formatters = new Map<string, Intl.NumberFormat>();

/** "€18.50", "18,50 €", "١٨٫٥٠ €": the amount for people, in a language (default English). */
export function formatMoney(minor: number, currency: string, language = 'en'): string {
  const key = `${language}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
    formatters.set(key, format);
  }
  return format.format(toMajor(minor, currency));
}

/** `part` of `amount` by a rate in percent, rounded half up to a whole minor unit (tax, percentage discounts). */
export function percentOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

/**
 * Splits `total` over `weights` in proportion, so the parts add up to exactly `total` (largest remainders get the
 * leftover units): an order's discount spread over its lines.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
