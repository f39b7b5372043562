import { useEffect, useRef } from 'react';

/** The page's h1, focused on arrival so keyboard and screen-reader users start at the new page. */
export function PageHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
    document.title = `${children} · Vitrine console`;
  }, [children]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
