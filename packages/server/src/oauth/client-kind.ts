import type { IncomingHttpHeaders } from 'node:http';

const WIX_SDK_PACKAGE = /(?:^|,)\s*package-name=@wix\/sdk\s*(?:,|$)/;

/**
 * True for a token request from the unmodified `@wix/sdk`, which keeps the first refresh token of a
 * session for ever and ignores any other (docs/wire-format.md §2.2): a rotating session would end at
 * its second renewal. It names itself on every token request in its telemetry header
 * (`x-wix-bi-gateway: …,package-name=@wix/sdk,…`, docs/wire-format.md §1.3). The answer only decides
 * how a new session's refresh token behaves (docs/tokens.md#the-token-model): it is read when the
 * session starts, from the request that proved the sign-in (PKCE verifier or API key), never at refresh.
 */
export function keepsFirstRefreshToken(headers: IncomingHttpHeaders): boolean {
  const telemetry = headers['x-wix-bi-gateway'];
  return typeof telemetry === 'string' && WIX_SDK_PACKAGE.test(telemetry);
}
