/**
 * The token endpoint's input, normalised: the reference client sends camelCase JSON for some grants
 * and snake_case for others (wire-contract §2.1); RFC 6749 clients send form bodies.
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

function pick(body: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

export function readTokenRequest(body: unknown): TokenRequest | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  return {
    grantType: pick(b, 'grantType', 'grant_type'),
    clientId: pick(b, 'clientId', 'client_id'),
    refreshToken: pick(b, 'refreshToken', 'refresh_token'),
    code: pick(b, 'code'),
    codeVerifier: pick(b, 'codeVerifier', 'code_verifier'),
    redirectUri: pick(b, 'redirectUri', 'redirect_uri'),
    memberId: pick(b, 'memberId', 'member_id'),
    sessionToken: pick(b, 'sessionToken', 'session_token'),
    scope: pick(b, 'scope'),
  };
}
