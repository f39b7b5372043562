import { BlockedAddressError } from './guard.js';

/**
 * What went wrong with an outbound request, in fixed words. Node's own messages name the address it
 * connected to (`connect ECONNREFUSED 10.0.0.5:80`) and tell a closed port from a TLS or HTTP one: the
 * text kept for owners and API keys says what happened and gives the code, never what a host resolved to
 * (audits S-13, V5-7). `kind` lets a caller answer in even fewer words (settings/provider-test.ts).
 */
export type OutboundFailure =
  /** The scheme, or the address (literal or resolved), is not allowed. */
  | 'not-allowed'
  /** No HTTP answer: DNS, connection, TLS or a malformed response. */
  | 'unreachable'
  | 'timeout'
  /** The answer is bigger than the caller's cap. */
  | 'too-large';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

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
  if (error instanceof BlockedAddressError || error instanceof OutboundError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && FAILURES[code]) return `${FAILURES[code]} (${code})`;
  // TLS and HTTP parser codes (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID, HPE_…) tell the owner enough.
  if (code && /^[A-Z0-9_]{1,60}$/.test(code)) return `the request failed (${code})`;
  return 'the request failed';
}

/** A socket, TLS, DNS or lookup-hook error as an OutboundError (its message from describeFailure). */
export function outboundFailure(error: Error): OutboundError {
  if (error instanceof OutboundError) return error;
  return new OutboundError(
    error instanceof BlockedAddressError ? 'not-allowed' : 'unreachable',
    describeFailure(error),
  );
}
