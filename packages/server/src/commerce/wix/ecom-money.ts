/**
 * Money on the eCom wire: Wix's `MultiCurrencyPrice` — the amount as a decimal string of the currency
 * ("18.50", "1850" for yen) and formatted for people ("$18.50") — with the converted amounts equal to them (one
 * currency per site: no conversion).
 */
import { formatMoney, toDecimalString } from '../money.js';

export interface WixPrice {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
}

/** How a request's answers show money: the site's currency, formatted in the buyer's language. */
export interface MoneyFormat {
  currency: string;
  language: string;
}

export function wixPrice(minor: number, money: MoneyFormat): WixPrice {
  const amount = toDecimalString(minor, money.currency);
  const formatted = formatMoney(minor, money.currency, money.language);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

/** A rate in percent as Wix writes tax rates: a decimal between 0 and 1 ("0.2", "0.055"). */
export const wixRate = (percent: number): string => String(Math.round(percent * 1000) / 100000);
