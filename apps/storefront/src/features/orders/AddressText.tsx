import { useLingui } from '@lingui/react';
import { Fragment } from 'react';
import { addressParts, type OrderAddress } from './order-types.js';

/** The country's name in the page's language (the picker shows names, so the summary does too); the code if unknown. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code; // Not a region code Intl knows the shape of.
  }
}

/** Languages written with the Arabic comma. */
const ARABIC_COMMA = /^(ar|fa|ur|ps|ckb)\b/;

/**
 * An address on one line in the page's language: the country by its name, the parts joined with the language's
 * comma ("، " in Arabic; Intl.ListFormat would add "and" before the last part), each part isolated (<bdi>) so a
 * Latin part keeps its own order in a right-to-left page and an Arabic one in a left-to-right page ("10001 New
 * York" stays whole instead of its parts trading places).
 */
export function AddressText({ address }: { address: OrderAddress }) {
  const { i18n } = useLingui();
  const parts = addressParts({ ...address, country: address.country && countryName(address.country, i18n.locale) });
  const comma = ARABIC_COMMA.test(i18n.locale) ? '، ' : ', ';
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
