import { Fragment } from 'react';

/**
 * Texts a shopper or an owner wrote (names, addresses, product titles), in any script, side by side in the
 * console's English: each part in its own `<bdi>`, so an Arabic part keeps its own direction without reordering the
 * parts and punctuation around it ("ليلى حسن, ١٢ شارع النيل, 75011 Paris" stays in that order).
 */
export function Isolated({ parts }: { parts: readonly string[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ', '}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}
