/**
 * The `data` claim of an access token, shaped as in Wix's own tokens (issue #52): a JSON string whose
 * `instance` says which site, app and visitor or member the token is for. Apps built on `@wix/sdk` decode
 * it to find the site (`nextjs/minimal-examples`: `JSON.parse(jwtDecode(token).data).instance.metaSiteId`).
 * Only ids the token's holder already has: the site, the client, the visitor or member id and the dates.
 */
export function wixDataClaim(input: {
  siteId: string;
  clientId: string;
  sub: string;
  role: 'visitor' | 'member';
  iat: number;
  exp: number;
}): string {
  const member = input.role === 'member';
  return JSON.stringify({
    instance: {
      instanceId: input.siteId,
      appDefId: input.clientId,
      metaSiteId: input.siteId,
      signDate: new Date(input.iat * 1000).toISOString(),
      expirationDate: new Date(input.exp * 1000).toISOString(),
      uid: member ? input.sub : null,
      siteMemberId: member ? input.sub : null,
      aid: member ? null : input.sub,
      permissions: '',
      demoMode: false,
    },
  });
}
