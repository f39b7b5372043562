import { useLingui } from '@lingui/react';

/** Prices, dates and numbers written the way the active language writes them (`Intl`, cached by Lingui). */
export function useFormat() {
  const { i18n } = useLingui();
  return {
    // The site's currency comes with every priced answer; Intl knows its digits (none for JPY, three for KWD).
    price: (amount: number | string, currency: string) =>
      currency
        ? i18n.number(Number(amount), { style: 'currency', currency })
        : i18n.number(Number(amount), { minimumFractionDigits: 2 }),
    // An unreadable date is shown as it came (Intl would throw on it).
    date: (value: string | number | Date) =>
      Number.isNaN(new Date(value).getTime())
        ? String(value)
        : i18n.date(value, { year: 'numeric', month: 'long', day: 'numeric' }),
    number: (value: number) => i18n.number(value),
  };
}
