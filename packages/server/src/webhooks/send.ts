import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { BlockedAddressError, checkAddress, guardedLookup, type ResolveAll } from './ssrf.js';

/**
 * One POST of a signed webhook. 2xx is delivered; anything else, a redirect (never followed), a refused
 * address or no complete answer within the timeout is a failure to retry. Only the first bytes of the
 * answer are kept, for the deliveries list.
 */
export interface SendResult {
  ok: boolean;
  statusCode?: number | undefined;
  excerpt?: string | undefined;
  error?: string | undefined;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** The system resolver unless a test answers for it. */
  resolve?: ResolveAll | undefined;
}

const EXCERPT_CHARS = 500;
const READ_LIMIT = 16 * 1024;

// Node's own messages name the address it connected to (`connect ECONNREFUSED 10.0.0.5:80`): the error
// kept for owners says what happened and gives the code, never what the host resolved to (audit S-13).
const FAILURES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved for now',
};

export function describeFailure(error: Error): string {
  if (error instanceof BlockedAddressError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && FAILURES[code]) return `${FAILURES[code]} (${code})`;
  // TLS and HTTP parser codes (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID, HPE_…) tell the owner enough.
  if (code && /^[A-Z0-9_]{1,60}$/.test(code)) return `the request failed (${code})`;
  return 'the request failed';
}

export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new Error('only http and https URLs are delivered');
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // An address literal never reaches the lookup hook: it is checked here.
      if (isIP(host)) checkAddress(host, options.allowPrivateNetworks, true);
    } catch (error) {
      resolve({ ok: false, error: (error as Error).message });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const done = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Vitrine-Webhooks/1',
        },
        lookup: guardedLookup(options.allowPrivateNetworks, options.resolve) as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT) chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_LIMIT) response.destroy();
        });
        const finish = () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          done({
            ok: status >= 200 && status < 300,
            statusCode: status,
            excerpt,
            error: status >= 300 && status < 400 ? 'redirects are not followed' : undefined,
          });
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ ok: false, error: `no answer within ${Math.round(options.timeoutMs / 1000)} s` });
    }, options.timeoutMs);
    request.on('error', (error) => done({ ok: false, error: describeFailure(error) }));
    request.end(body);
  });
}
