import { invalidField } from '../../errors/wire.js';
import { appError } from '../../errors/catalogue.js';
import { limitIp, type IdentityDeps, type StateResponse } from '../common.js';
import { originOf, type FlowScope } from '../flow.js';
import { findIdentityProvider, InvalidIdToken, ProviderUnavailable, providerFor, verifyIdToken } from './providers.js';
import { outboundPolicy } from '../../http/outbound/index.js';
import { signInWithProvider } from './sign-in.js';
import { spendTokenNonce } from './token-nonces.js';
import { idTokenKey, spendIdToken } from './used-id-tokens.js';

const MAX_ID_TOKEN = 16 * 1024;

/** `{idpConnectionId, tokenParams: {idToken, nonce?}}`: checked here, field by field, with the wire's own violations. */
export type TokenParamsInput = Record<string, unknown>;

export const accountExists = (email: string, providerName: string) =>
  appError('SSO_ACCOUNT_EXISTS', {
    description: `An account with ${email} already exists: sign in with it first, then connect ${providerName} from Account → Sign-in methods`,
  });

/**
 * POST /v1/sso/login-with-token-params {idpConnectionId, tokenParams: {idToken, nonce?}} with a visitor
 * token: native apps (Google One Tap, Sign in with Apple) bring an ID token they got from the provider;
 * it is verified against that provider (providers.ts verifyIdToken), spent (one sign-in per token), and
 * answered like any login (a StateMachineResponse).
 *
 * The token must carry a nonce this server issued for the provider (POST /v1/sso/nonce, token-nonces.ts),
 * unspent and unexpired, unless the provider is configured `tokenNonce: "app"` (apps shipped before audit
 * S-9). `tokenParams.nonce`, when sent, must equal the token's. A copied token also cannot get past its
 * one use, azp and iat.
 */
export async function loginWithTokenParams(
  deps: IdentityDeps,
  scope: FlowScope,
  input: TokenParamsInput,
): Promise<StateResponse> {
  const { ctx } = deps;
  const { site, visitorId } = scope;
  const idp = findIdentityProvider(site, input.idpConnectionId);
  if (!idp) throw invalidField('idpConnectionId', 'is not an identity provider of this site', 'UNKNOWN_IDP_CONNECTION');
  const params =
    input.tokenParams && typeof input.tokenParams === 'object' ? (input.tokenParams as Record<string, unknown>) : {};
  if (typeof params.idToken !== 'string' || params.idToken.length === 0 || params.idToken.length > MAX_ID_TOKEN) {
    throw invalidField('tokenParams.idToken', 'is required (the ID token the provider issued)', 'REQUIRED');
  }
  if (params.nonce !== undefined && (typeof params.nonce !== 'string' || params.nonce.length > 512))
    throw invalidField('tokenParams.nonce', 'must be a string', 'INVALID_TYPE');
  await limitIp(deps, scope.ip, site.id, 'login');
  const origin = originOf(scope);
  let claims;
  let issuer;
  try {
    const provider = await providerFor(site, idp, ctx.now(), outboundPolicy(ctx.config));
    issuer = provider.issuer;
    const serverNonce = (idp.tokenNonce ?? 'server') === 'server';
    claims = await verifyIdToken(provider, params.idToken, params.nonce as string | undefined, ctx.now(), serverNonce);
    // Valid, and now spent: the same token never signs in twice (audit S-9).
    const spend = { siteId: site.id, issuer, key: idTokenKey(params.idToken, claims), expiresAt: claims.exp! * 1000 };
    if (!(await spendIdToken(ctx.db, spend, ctx.now()))) throw new InvalidIdToken('the ID token was already used');
    if (serverNonce) {
      const nonce = { siteId: site.id, idpConnectionId: idp.id, nonce: claims.nonce };
      if (!(await spendTokenNonce(ctx.db, nonce, ctx.now())))
        throw new InvalidIdToken(
          claims.nonce === undefined
            ? 'the ID token carries no nonce (ask POST /v1/sso/nonce for one before signing in at the provider)'
            : "the ID token's nonce was not issued by this server, or was used or has expired",
        );
    }
  } catch (error) {
    if (error instanceof ProviderUnavailable)
      throw appError('IDP_UNAVAILABLE', {
        description: `${idp.name} could not be reached; try again in a few minutes`,
      });
    if (!(error instanceof InvalidIdToken)) throw error;
    await ctx.authEvents.record({
      type: 'sign_in',
      outcome: 'failure',
      siteId: site.id,
      ...origin,
      detail: { method: 'sso', provider: idp.id, reason: 'invalid_id_token' },
    });
    throw appError('INVALID_ID_TOKEN', { description: `The ID token was refused: ${error.message}` });
  }
  const outcome = await signInWithProvider(deps, {
    site,
    idp,
    issuer,
    claims: { ...claims, sub: claims.sub! },
    visitorId,
    ...origin,
  });
  if (outcome.kind === 'account-exists') throw accountExists(outcome.email, idp.name);
  // The browser flow reads a missing email from UserInfo (userinfo.ts); that needs an access token,
  // and a native app hands over only its ID token.
  if (outcome.kind === 'lookalike-email')
    throw appError('EMAIL_NEEDS_CONFIRMATION', {
      description: `${idp.name} shared ${outcome.email}, which is read as ${outcome.normalizedEmail}: such an address cannot sign in through a provider; sign in another way`,
      data: { normalizedEmail: outcome.normalizedEmail },
    });
  if (outcome.kind === 'no-email')
    throw appError('SSO_EMAIL_REQUIRED', {
      description: `The ID token from ${idp.name} carries no email address, and without an access token its UserInfo endpoint cannot be read: ask ${idp.name} for an ID token with the "email" claim, or sign in through the browser flow`,
    });
  return outcome.result;
}
