import { useLingui } from '@lingui/react';
import { Fragment } from 'react';
import { toAlpha2 } from '../../i18n/countries.js';
import { directionOf } from '../../i18n/languages.js';
import { addressParts, type OrderAddress } from './order-types.js';

/** The country's name in the page's language (the picker shows names, so the summary does too); as sent if unknown. */
function countryName(value: string, locale: string): string {
  const code = toAlpha2(value);
  return (code && new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code)) || value;
}

/**
 * An address on one line in the page's language: the country by its name, the parts joined with the language's
 * comma ("، " in Arabic; Intl.ListFormat would add "and" before the last part), each part isolated (<bdi>) so a
 * Latin part keeps its own order in a right-to-left page and an Arabic one in a left-to-right page ("10001 New
 * York" stays whole instead of its parts trading places).
 */
export function AddressText({ address }: { address: OrderAddress }) {
  const { i18n } = useLingui();
  const parts = addressParts({ ...address, country: address.country && countryName(address.country, i18n.locale) });
  // The shop's right-to-left language is Arabic, written with the Arabic comma.
  const comma = directionOf(i18n.locale) == 'rtl' ? '، ' : ', ';
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && comma}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}
