import { OutboundError } from './failure.js';
import { outboundRequest, outboundTarget, type OutboundOptions } from './request.js';

/**
 * The outbound client (request.ts) behind the shape of `fetch`, for libraries that take a custom fetch
 * (openid-client's and jose's `customFetch`) and for code written against fetch. Same guarantees: the
 * guard, no redirect followed whatever `init.redirect` says (a 3xx is returned as with `manual`), the
 * timeout, the size cap (a bigger answer rejects with an OutboundError), `init.signal` honoured. The
 * answer is read whole before it is returned, so its body is bounded and never streams.
 */
export type OutboundFetch = (input: string | URL, init?: OutboundInit) => Promise<Response>;

/** The part of RequestInit the client honours (credentials, cache, mode… mean nothing to it). */
export interface OutboundInit {
  method?: string | undefined;
  headers?: HeadersInit | undefined;
  body?: string | URLSearchParams | ArrayBuffer | Uint8Array | ReadableStream | null | undefined;
  signal?: AbortSignal | null | undefined;
  redirect?: RequestRedirect | undefined;
}

// Statuses whose Response may not carry a body (the fetch standard's "null body status").
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function outboundFetch(options: Omit<OutboundOptions, 'signal' | 'oversize'>): OutboundFetch {
  return async (input, init = {}) => {
    outboundTarget(input, options); // an unusable URL is an OutboundError, as from the client itself
    // The Request constructor reads every body type fetch accepts and sets its content-type.
    const request = new Request(input, {
      method: init.method,
      headers: init.headers,
      body: init.body as BodyInit | null | undefined,
      redirect: 'manual',
    });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await outboundRequest(
      request.url,
      { method: request.method, headers: Object.fromEntries(request.headers), body },
      { ...options, signal: init.signal },
    );
    if (answer.status < 200 || answer.status > 599)
      throw new OutboundError('unreachable', 'the answer is not valid HTTP');
    const headers = new Headers();
    for (const [name, value] of answer.headers) {
      try {
        headers.append(name, value);
      } catch {
        // a header value fetch would refuse is left out, as a browser would
      }
    }
    return new Response(NULL_BODY.has(answer.status) ? null : new Uint8Array(answer.body), {
      status: answer.status,
      // A reason phrase fetch would refuse is dropped; the status says it all.
      statusText: /^[\t\x20-\x7e\x80-\xff]*$/.test(answer.statusText) ? answer.statusText : '',
      headers,
    });
  };
}
