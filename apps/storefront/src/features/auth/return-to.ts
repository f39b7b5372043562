/**
 * Where a shopper goes back to after signing in or creating an account: every way into those pages
 * (the header, the cart, a member-only page, the link between the two forms) carries it, so a new
 * shopper who starts at checkout ends at checkout after verifying their address.
 */
const AUTH_PAGES = ['/sign-in', '/create-account', '/verify', '/forgot-password', '/reset-password', '/callback'];

/** `value` when it is a path on this site; never another origin (`//host`, `/\host`, `https:`). */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/**
 * `page` (`/sign-in` or `/create-account`) with the way back: from an auth page, the way back that page
 * already carries; from any other page, that page itself.
 */
export function authPageLink(page: string, location: { pathname: string; search: string }): string {
  const onAuthPage = AUTH_PAGES.some((p) => location.pathname == p || location.pathname.startsWith(`${p}/`));
  const back = onAuthPage
    ? safeReturnTo(new URLSearchParams(location.search).get('returnTo'))
    : `${location.pathname}${location.search}`;
  return back == '/' ? page : `${page}?returnTo=${encodeURIComponent(back)}`;
}
