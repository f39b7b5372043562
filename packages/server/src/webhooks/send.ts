import { describeFailure, outboundRequest, type ResolveAll } from '../http/outbound/index.js';

/**
 * One POST of a signed webhook, through the outbound client (http/outbound/request.ts). 2xx is
 * delivered; anything else, a redirect (never followed), a refused address or no complete answer within
 * the timeout is a failure to retry. Only the first bytes of the answer are kept, for the deliveries list.
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

export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  try {
    const answer = await outboundRequest(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      },
      { ...options, maxResponseBytes: READ_LIMIT, oversize: 'truncate', userAgent: 'Vitrine-Webhooks/1' },
    );
    const status = answer.status;
    return {
      ok: status >= 200 && status < 300,
      statusCode: status,
      excerpt: answer.body.toString('utf8').slice(0, EXCERPT_CHARS),
      error: status >= 300 && status < 400 ? 'redirects are not followed' : undefined,
    };
  } catch (error) {
    return { ok: false, error: describeFailure(error as Error) };
  }
}
