/**
 * Money in the Shop pages: the server keeps every amount in minor units of the site's currency (docs/commerce.md
 * → Money); owners type and read decimals. The digits come from the currency (2 for EUR, 0 for JPY, 3 for KWD),
 * as Intl knows them, so a zero-decimal currency is never shown or typed with cents.
 */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 1850 EUR → "€18.50"; 1850 JPY → "¥1,850". */
export function formatMoney(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** 1850 EUR → "18.50" (what a price input shows). */
export const toDecimal = (minor: number, currency: string) => {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

/**
 * What an owner typed → minor units: "18.5" → 1850 (EUR), "1850" → 1850 (JPY); a comma works as the decimal
 * point. Undefined when the text is not an amount of the currency (letters, a minus, too many decimals).
 */
export function toMinor(text: string, currency: string): number | undefined {
  const digits = currencyDigits(currency);
  const match = /^\s*(\d{1,13})(?:[.,](\d*))?\s*$/.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}

/** The input's pattern and hint for the currency: "12.50" or "1250". */
export const amountHint = (currency: string) =>
  currencyDigits(currency) ? `${currency}, e.g. ${(12.5).toFixed(currencyDigits(currency))}` : `${currency}, e.g. 1250`;
