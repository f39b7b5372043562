import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { BASE, navigate } from '../app/router.js';

/** An ordinary link (middle-click, copy address work) that navigates in-app on a plain click. */
export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={`${BASE}${to === '/' ? '' : to}`} onClick={onClick} />;
}
