import { useLingui } from '@lingui/react';
import { cloneElement, Fragment } from 'react';
import type { ReactElement } from 'react';

/**
 * A catalog text with numbered tags (`Browse the <0>catalog</0>…`), each tag filled by the element of
 * that number (`components={{ 0: <Link to="/" /> }}`), so translators can move the link within the
 * sentence. Used by lazy pages only: keeping Lingui's `Trans` out of the first load saves its size.
 */
export function Rich({
  id,
  values,
  components,
}: {
  id: string;
  values?: Record<string, unknown>;
  components: Record<number, ReactElement>;
}) {
  const { _ } = useLingui();
  const parts = _(id, values).split(/<(\d+)>(.*?)<\/\1>/);
  // split() with two groups yields: text, tag number, tag content, text, …
  return (
    <>
      {parts.map((part, i) =>
        i % 3 == 0 ? (
          <Fragment key={i}>{part}</Fragment>
        ) : i % 3 == 1 ? (
          cloneElement(components[Number(part)] ?? <span />, { key: i }, parts[i + 1])
        ) : null,
      )}
    </>
  );
}
