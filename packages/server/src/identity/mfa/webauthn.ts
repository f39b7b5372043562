import { randomUUID } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { findForbidden } from '../../http/schemas/text-policy.js';
import type { Queryable } from '../../store/types.js';
import type { Factor } from './factors.js';

/**
 * Passkeys through @simplewebauthn/server: the relying party is the public URL's host, the accepted
 * origins are the public URL and the site's client origins; user verification preferred; the sign
 * counter must grow when the authenticator keeps one. Challenges live 5 minutes and are used once.
 */
const CHALLENGE_TTL_MS = 5 * 60_000;

// Loaded at the first passkey ceremony: the library and its ASN.1/X.509 parsers are ~4 MB of a server's heap
// that a shop without passkeys never uses (bench/RESULTS.md → Embedded footprint).
const library = () => import('@simplewebauthn/server');

export const passkeyRefused = () => appError('WEBAUTHN_FAILED');

export function relyingParty(ctx: AppContext, site: SiteConfig): { rpID: string; origins: string[] } {
  const publicUrl = new URL(ctx.config.publicUrl);
  const origins = new Set([publicUrl.origin, ...site.clients.flatMap((c) => c.allowedOrigins)]);
  return { rpID: publicUrl.hostname, origins: [...origins] };
}

async function storeChallenge(
  tx: Queryable,
  siteId: string,
  memberId: string | undefined,
  purpose: 'register' | 'authenticate',
  challenge: string,
  now: number,
): Promise<string> {
  const id = randomUUID();
  await tx.query(
    'insert into mfa_webauthn_challenges (site_id, id, member_id, purpose, challenge, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)',
    [siteId, id, memberId ?? null, purpose, challenge, new Date(now), new Date(now + CHALLENGE_TTL_MS)],
  );
  return id;
}

/** Spends a challenge; answers its text and member (null for a password-free sign-in without loginId). */
async function takeChallenge(
  tx: Queryable,
  siteId: string,
  challengeId: unknown,
  purpose: 'register' | 'authenticate',
  now: number,
): Promise<{ challenge: string; memberId: string | null }> {
  if (typeof challengeId !== 'string' || !/^[0-9a-f-]{36}$/i.test(challengeId)) throw passkeyRefused();
  const { rows } = await tx.query<{ challenge: string; member_id: string | null }>(
    `update mfa_webauthn_challenges set used_at = $4 where site_id = $1 and id = $2 and purpose = $3 and used_at is null and expires_at > $4 returning challenge, member_id`,
    [siteId, challengeId, purpose, new Date(now)],
  );
  if (!rows[0]) throw passkeyRefused();
  return { challenge: rows[0].challenge, memberId: rows[0].member_id };
}

const transportsOf = (f: Factor) => (f.transports ?? []) as AuthenticatorTransport[];

export async function registrationOptions(
  tx: Queryable,
  ctx: AppContext,
  site: SiteConfig,
  member: { id: string; email: string },
  existing: Factor[],
  now: number,
) {
  const { rpID } = relyingParty(ctx, site);
  const options = await (
    await library()
  ).generateRegistrationOptions({
    rpName: site.name,
    rpID,
    userName: member.email,
    userID: new TextEncoder().encode(member.id),
    attestationType: 'none',
    excludeCredentials: existing
      .filter((f) => f.credentialId)
      .map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(tx, site.id, member.id, 'register', options.challenge, now);
  return { challengeId, publicKeyCredentialCreationOptionsJson: JSON.stringify(options) };
}

export async function verifyRegistration(
  tx: Queryable,
  ctx: AppContext,
  site: SiteConfig,
  memberId: string,
  input: { challengeId: unknown; credential: unknown },
  now: number,
) {
  const { challenge, memberId: owner } = await takeChallenge(tx, site.id, input.challengeId, 'register', now);
  if (owner !== memberId) throw passkeyRefused();
  const { rpID, origins } = relyingParty(ctx, site);
  const result = await (
    await library()
  )
    .verifyRegistrationResponse({
      response: parseCredential(input.credential) as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!result?.verified) throw passkeyRefused();
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: credential.publicKey,
    signCount: credential.counter,
    transports: credential.transports ?? [],
  };
}

export async function authenticationOptions(
  tx: Queryable,
  ctx: AppContext,
  site: SiteConfig,
  memberId: string | undefined,
  passkeys: Factor[],
  now: number,
) {
  const { rpID } = relyingParty(ctx, site);
  const options = await (
    await library()
  ).generateAuthenticationOptions({
    rpID,
    allowCredentials: passkeys
      .filter((f) => f.credentialId)
      .map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
    userVerification: 'preferred',
  });
  const challengeId = await storeChallenge(tx, site.id, memberId, 'authenticate', options.challenge, now);
  return { challengeId, publicKeyCredentialRequestOptionsJson: JSON.stringify(options) };
}

/** The credential id an assertion names (to find its factor before verifying). */
export function assertionCredentialId(credential: unknown): string {
  const parsed = parseCredential(credential) as { id?: unknown };
  if (typeof parsed.id !== 'string' || !parsed.id || parsed.id.length > 1024) throw passkeyRefused();
  return parsed.id;
}

/** Verifies an assertion for `factor`; answers the new sign counter. `memberId` (when the challenge named one) must own the factor. */
export async function verifyAssertion(
  tx: Queryable,
  ctx: AppContext,
  site: SiteConfig,
  input: { challengeId: unknown; credential: unknown },
  factor: Factor,
  now: number,
): Promise<number> {
  const { challenge, memberId } = await takeChallenge(tx, site.id, input.challengeId, 'authenticate', now);
  if (memberId && memberId !== factor.memberId) throw passkeyRefused();
  const { rpID, origins } = relyingParty(ctx, site);
  const result = await (
    await library()
  )
    .verifyAuthenticationResponse({
      response: parseCredential(input.credential) as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: factor.credentialId!,
        publicKey: new Uint8Array(factor.publicKey!),
        counter: factor.signCount,
        transports: transportsOf(factor),
      },
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!result?.verified) throw passkeyRefused();
  return result.authenticationInfo.newCounter;
}

/**
 * Clients send the credential as an object or as its JSON text. The JSON routes' schema already refuses
 * U+0000 in either (`x-text: json`); the hosted form's credential arrives here undecoded, so the same floor
 * is applied to what was decoded: such an id would otherwise reach SQL (audit S-6).
 */
function parseCredential(credential: unknown): unknown {
  if (typeof credential === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(credential) as unknown;
    } catch {
      throw passkeyRefused();
    }
    if (findForbidden(parsed, 'any')) throw passkeyRefused();
    return parsed;
  }
  if (!credential || typeof credential !== 'object') throw passkeyRefused();
  return credential;
}
