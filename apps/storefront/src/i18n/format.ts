import { useLingui } from '@lingui/react';

/** Prices, dates and numbers written the way the active language writes them (`Intl`, cached by Lingui). */
export function useFormat() {
  const { i18n } = useLingui();
  return {
    price: (amount: number) => i18n.number(amount, { style: 'currency', currency: 'USD' }),
    // An unreadable date is shown as it came (Intl would throw on it).
    date: (value: string | number | Date) =>
      Number.isNaN(new Date(value).getTime())
        ? String(value)
        : i18n.date(value, { year: 'numeric', month: 'long', day: 'numeric' }),
    number: (value: number) => i18n.number(value),
  };
}
