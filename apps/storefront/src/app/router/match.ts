/** Path patterns: `/products/:slug`, `/account/orders/:orderId`, `*` (anything). */
export type Params = Record<string, string>;

export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern == '*') return { '*': pathname };
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length != have.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    let h: string;
    try {
      h = decodeURIComponent(have[i]!);
    } catch {
      return null;
    }
    if (w.startsWith(':')) params[w.slice(1)] = h;
    else if (w != h) return null;
  }
  return params;
}
