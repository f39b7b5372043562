import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { OutboundError, outboundFailure } from './failure.js';
import { checkAddress, guardedLookup, type OutboundPolicy, type ResolveAll } from './guard.js';

/**
 * The one HTTP client for every request whose address a tenant can influence (a site setting, an owner, a
 * member, an API key, a browser's push endpoint): webhooks, the phone providers, reCAPTCHA, OpenID
 * providers, Web Push. docs/webhooks.md "SSRF guard". What it guarantees:
 * - http and https only; an address literal is checked here, a name at connect time by the lookup hook
 *   (guard.ts), so DNS rebinding between a check and the connection cannot reach a private address;
 * - redirects are never followed: a 3xx is the answer (a hop could lead anywhere, and re-checking each
 *   one buys nothing any caller needs);
 * - one timeout for the whole exchange, and a cap on the answer's size (bigger answers fail, or are cut
 *   when the caller keeps only an excerpt);
 * - no ambient credentials: no agent (so no pooled sockets or proxy from the environment), no cookies,
 *   no compression; only the headers the caller gives, and one user-agent for every request;
 * - failures are OutboundErrors in fixed words (failure.ts) that never name the resolved address.
 * Private, loopback and reserved addresses only with the operator's `webhooks.allowPrivateNetworks`.
 */
export interface OutboundOptions extends OutboundPolicy {
  timeoutMs: number;
  maxResponseBytes: number;
  /** `fail` (default): a bigger answer is a `too-large` error; `truncate`: keep its first bytes. */
  oversize?: 'fail' | 'truncate';
  /** The system resolver unless a test answers for it. */
  resolve?: ResolveAll | undefined;
  /** One more trusted certificate authority (tests' push services: test-trust.ts). */
  extraCa?: string | undefined;
  /** How the server names itself (default `Vitrine/1`); a library's own user-agent header is dropped. */
  userAgent?: string | undefined;
  /** Aborts the request; it then rejects with the signal's reason, as fetch does. */
  signal?: AbortSignal | null | undefined;
}

export interface OutboundRequest {
  method: string;
  headers?: Record<string, string>;
  body?: Buffer | string | undefined;
}

export interface OutboundAnswer {
  status: number;
  statusText: string;
  /** As received: name, value pairs. */
  headers: [string, string][];
  body: Buffer;
  /** With `oversize: 'truncate'`: the answer was cut at the cap (or ended early). */
  truncated: boolean;
}

const USER_AGENT = 'Vitrine/1';

/** The URL as a request target, or an OutboundError: a scheme other than http(s), or a literal address refused. */
export function outboundTarget(url: string | URL, policy: OutboundPolicy): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('not-allowed', 'the URL is not valid');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new OutboundError('not-allowed', 'only http and https URLs are allowed');
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address literal never reaches the lookup hook: it is checked here.
  if (isIP(host)) {
    try {
      checkAddress(host, policy.allowPrivateNetworks, true);
    } catch (error) {
      throw outboundFailure(error as Error);
    }
  }
  return target;
}

export function outboundRequest(
  url: string | URL,
  request: OutboundRequest,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    let target: URL;
    try {
      if (signal?.aborted) throw signal.reason;
      target = outboundTarget(url, options);
    } catch (error) {
      reject(error);
      return;
    }
    const headers: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      const lower = name.toLowerCase();
      // We never decode a compressed answer, the length is the body's own, and the server names itself.
      if (!['accept-encoding', 'content-length', 'host', 'user-agent'].includes(lower)) headers[lower] = value;
    }
    headers['user-agent'] = options.userAgent ?? USER_AGENT;
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);

    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      then();
    };
    const fail = (error: unknown) =>
      settle(() => {
        outgoing.destroy();
        reject(error);
      });
    const onAbort = () => fail(signal!.reason);
    const client = target.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      target,
      {
        method: request.method,
        headers,
        lookup: guardedLookup(options.allowPrivateNetworks, options.resolve) as never,
        agent: false,
        ...(target.protocol === 'https:' && options.extraCa ? { ca: [...tls.rootCertificates, options.extraCa] } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const answer = () =>
          settle(() => {
            response.destroy();
            const pairs: [string, string][] = [];
            for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
              pairs.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
            resolve({
              status: response.statusCode ?? 0,
              statusText: response.statusMessage ?? '',
              headers: pairs,
              body: Buffer.concat(chunks),
              truncated,
            });
          });
        response.on('data', (chunk: Buffer) => {
          if (size + chunk.length <= options.maxResponseBytes) {
            chunks.push(chunk);
            size += chunk.length;
            return;
          }
          if (options.oversize !== 'truncate')
            return fail(new OutboundError('too-large', 'the answer is larger than allowed'));
          chunks.push(chunk.subarray(0, options.maxResponseBytes - size));
          truncated = true;
          answer();
        });
        response.on('end', answer);
        response.on('error', (error) => fail(outboundFailure(error)));
        response.on('close', () => {
          if (response.complete) return answer();
          if (options.oversize === 'truncate') {
            truncated = true;
            return answer();
          }
          fail(new OutboundError('unreachable', 'the answer ended early'));
        });
      },
    );
    const timer = setTimeout(
      () =>
        fail(new OutboundError('timeout', `no answer within ${Math.max(1, Math.round(options.timeoutMs / 1000))} s`)),
      options.timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => fail(outboundFailure(error)));
    outgoing.end(request.body);
  });
}
