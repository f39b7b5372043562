/**
 * Drives the unmodified @wix/* clients against a local Vitrine (wire-contract §12): their hosts are
 * hard-coded, so global `fetch` is wrapped and requests for www/edge.wixapis.com are re-addressed to
 * the local server with method, headers and body untouched.
 */
const WIX_HOSTS = new Set(['www.wixapis.com', 'edge.wixapis.com']);

export interface RoutedRequest {
  host: string;
  method: string;
  path: string;
}

export function routeWixToLocal(baseUrl: string): { restore(): void; seen: RoutedRequest[]; realFetch: typeof fetch } {
  const realFetch = globalThis.fetch;
  const seen: RoutedRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    if (!WIX_HOSTS.has(url.hostname)) return realFetch(input, init);
    const local = `${baseUrl}${url.pathname}${url.search}`;
    seen.push({ host: url.hostname, method: init?.method ?? request?.method ?? 'GET', path: url.pathname });
    return realFetch(request ? new Request(local, request) : local, init);
  }) as typeof fetch;
  return { restore: () => void (globalThis.fetch = realFetch), seen, realFetch };
}
