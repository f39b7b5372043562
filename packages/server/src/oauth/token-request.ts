/**
 * The token endpoint's input, normalised: the reference client sends camelCase JSON for some grants
 * and snake_case for others (docs/wire-format.md §2.1); RFC 6749 clients send form bodies.
 */
export interface TokenRequest {
  grantType: string | undefined;
  clientId: string | undefined;
  refreshToken: string | undefined;
  code: string | undefined;
  codeVerifier: string | undefined;
  redirectUri: string | undefined;
  memberId: string | undefined;
  sessionToken: string | undefined;
  scope: string | undefined;
}

type TokenFields = Record<string, string | undefined>;

// Two plain lookups, no arrays: this runs for every token request (the anonymous grant's hot path).
const pick = (body: TokenFields, name: string, alias?: string): string | undefined =>
  body[name] ?? (alias === undefined ? undefined : body[alias]);

/** The body has passed the route's schema (`schemas.ts`): an object whose known fields are strings. */
export function readTokenRequest(body: TokenFields): TokenRequest {
  return {
    grantType: pick(body, 'grantType', 'grant_type'),
    clientId: pick(body, 'clientId', 'client_id'),
    refreshToken: pick(body, 'refreshToken', 'refresh_token'),
    code: pick(body, 'code'),
    codeVerifier: pick(body, 'codeVerifier', 'code_verifier'),
    redirectUri: pick(body, 'redirectUri', 'redirect_uri'),
    memberId: pick(body, 'memberId', 'member_id'),
    sessionToken: pick(body, 'sessionToken', 'session_token'),
    scope: pick(body, 'scope'),
  };
}
