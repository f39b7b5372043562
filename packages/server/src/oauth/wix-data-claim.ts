/**
 * The `data` claim of an access token, shaped as in Wix's own tokens (issue #52): a JSON string whose
 * `instance` says which site, app and visitor or member the token is for. Apps built on `@wix/sdk` decode
 * it to find the site (`nextjs/minimal-examples`: `JSON.parse(jwtDecode(token).data).instance.metaSiteId`).
 * Only ids the token's holder already has: the site, the client, the visitor or member id and the dates.
 *
 * Every access token carries it, so it is written as text rather than built as an object and stringified, and a
 * date's ISO form is kept for the second it names (a busy server mints thousands of tokens a second): built
 * as an object with two Dates and stringified, it cost the anonymous grant ~14 % of its rate; as text ~3 %, the
 * rest being the longer token (bench/RESULTS.md, #54 seventh pass).
 */
export interface WixDataClaimInput {
  siteId: string;
  clientId: string;
  sub: string;
  role: 'visitor' | 'member';
  iat: number;
  exp: number;
}

/** The ISO form of one instant in seconds, kept while the same second is asked for again. */
function isoCache(): (seconds: number) => string {
  let last = NaN;
  let text = '';
  return (seconds) => {
    if (seconds !== last) {
      text = new Date(seconds * 1000).toISOString();
      last = seconds;
    }
    return text;
  };
}
const signDate = isoCache();
const expirationDate = isoCache();
const json = JSON.stringify;

export function wixDataClaim(input: WixDataClaimInput): string {
  const id = json(input.sub);
  const member = input.role === 'member';
  // The key order of Wix's tokens; equal to JSON.stringify of the object (wix-data-claim.test.ts).
  return (
    `{"instance":{"instanceId":${json(input.siteId)},"appDefId":${json(input.clientId)},` +
    `"metaSiteId":${json(input.siteId)},"signDate":"${signDate(input.iat)}",` +
    `"expirationDate":"${expirationDate(input.exp)}","uid":${member ? id : 'null'},` +
    `"siteMemberId":${member ? id : 'null'},"aid":${member ? 'null' : id},"permissions":"","demoMode":false}}`
  );
}
