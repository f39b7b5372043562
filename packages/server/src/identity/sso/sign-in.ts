import type { IdentityProviderConfig, SiteConfig } from '../../config/types.js';
import type { IdentityDeps, StateResponse } from '../common.js';
import { nextState } from '../common.js';
import { recordVisitor } from '../../members/index.js';
import { ConcurrentSignIn, resolveMember, type ProviderClaims } from './linking.js';
import { listConnections } from './store.js';

export type SsoOutcome =
  | { kind: 'state'; result: StateResponse; email: string }
  | { kind: 'account-exists'; email: string }
  | { kind: 'no-email' }
  | { kind: 'lookalike-email'; email: string; normalizedEmail: string };

/**
 * A provider vouched for `claims` (signature, issuer, audience, expiry and nonce already checked): find
 * or create the member, then take the ONE next step every sign-in takes (identity/common.ts nextState:
 * verification, owner approval, second factor, session token). Recorded as a `sign_in` with method sso.
 */
export async function signInWithProvider(
  deps: IdentityDeps,
  input: {
    site: SiteConfig;
    idp: IdentityProviderConfig;
    issuer: string;
    claims: ProviderClaims;
    visitorId: string | undefined;
    ip: string;
    clientId?: string | undefined;
  },
): Promise<SsoOutcome> {
  const { ctx } = deps;
  const { site, idp } = input;
  const detail = { method: 'sso', provider: idp.id };
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx): Promise<SsoOutcome> => {
        const now = ctx.now();
        const resolution = await resolveMember(tx, ctx, {
          site,
          idp,
          issuer: input.issuer,
          claims: input.claims,
          visitorId: input.visitorId,
          now,
        });
        if (resolution.kind !== 'member') {
          await ctx.authEvents.record(
            {
              type: 'sign_in',
              outcome: 'refused',
              siteId: site.id,
              email: resolution.kind === 'no-email' ? undefined : resolution.email,
              ip: input.ip,
              clientId: input.clientId,
              detail: { ...detail, reason: resolution.kind },
            },
            tx,
          );
          return resolution;
        }
        const { member } = resolution;
        await recordVisitor(tx, site.id, member.id, input.visitorId);
        const result = await nextState(tx, deps, site, member, input.visitorId);
        result.identity.connections = await listConnections(tx, site.id, member.id);
        await ctx.authEvents.record(
          {
            type: 'sign_in',
            outcome: 'success',
            siteId: site.id,
            memberId: member.id,
            email: member.email,
            ip: input.ip,
            clientId: input.clientId,
            detail: {
              ...detail,
              state: result.state,
              created: resolution.created,
              linked: resolution.linked,
              adopted: resolution.adopted,
            },
          },
          tx,
        );
        return { kind: 'state', result, email: member.email };
      });
    } catch (error) {
      // The first sign-in of one identity twice at once: the second sees the first's member on retry.
      if (error instanceof ConcurrentSignIn && attempt === 0) continue;
      throw error;
    }
  }
}
