import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { consumeRouteFocus } from '../app/route-focus.js';
import { useRuntimeConfig } from '../config/config-context.js';

/**
 * The page's `<h1>`. After an in-app navigation it takes the focus, so screen-reader and keyboard
 * users start at the new page's content; it also names the document.
 */
export function PageHeading({ children, title }: { children: ReactNode; title?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { siteName } = useRuntimeConfig();
  // After every render, not only when `title` changes: the heading's words change with the language too,
  // and the site's name comes from the config here (a parent's effect would run after this one).
  useEffect(() => {
    const text = title ?? ref.current?.textContent ?? '';
    const name = text ? `${text} · ${siteName}` : siteName;
    if (document.title !== name) document.title = name;
  });
  useEffect(() => {
    if (consumeRouteFocus()) ref.current?.focus();
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
