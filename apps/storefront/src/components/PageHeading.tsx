import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { consumeRouteFocus } from '../app/route-focus.js';

/**
 * The page's `<h1>`. After an in-app navigation it takes the focus, so screen-reader and keyboard
 * users start at the new page's content; it also names the document.
 */
export function PageHeading({ children, title }: { children: ReactNode; title?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const text = title ?? ref.current?.textContent ?? '';
    const site = document.documentElement.dataset.siteName ?? 'Vitrine';
    document.title = text ? `${text} · ${site}` : site;
    if (consumeRouteFocus()) ref.current?.focus();
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
