/** The claims of a Vitrine access token (docs/design.md §4): what signing, verifying and the verified-token cache share. */
export interface AccessClaims {
  iss: string;
  sub: string;
  aud: string;
  client_id: string;
  site: string;
  role: 'visitor' | 'member';
  /** Member session id: the handle logout and revocation act on. */
  sid?: string;
  iat: number;
  exp: number;
  jti: string;
  /**
   * What `@wix/sdk` apps decode from Wix's own tokens (jwt-decode, as `nextjs/minimal-examples` does):
   * a JSON string `{"instance": {"metaSiteId": <site id>, …}}` (wix-data-claim.ts, docs/tokens.md).
   * Informational: the server reads `site`, `sub` and `role`, never this.
   */
  data?: string;
}
