/**
 * `@vitrine/sdk/mfa`: second factors beyond the core entry (kept out of it for the auth bundle budget):
 * factor management, passkeys as second factor and as password-free sign-in, the browser ceremony.
 *
 *   const factors = factorsOf(client.auth);          // or createClient({ auth, modules: { factors } })
 *   const { totp } = await factors.addTotp();        // QR of totp.otpauthUri, then factors.activate(id, code)
 *   await verifyWithPasskey(client.auth, { rememberThisDevice: true });   // answers MFA_REQUIRED
 *   await signInWithPasskey(client.auth);            // SUCCESS + sessionToken, no password
 */
import { createHttp } from '../http/request.js';
import type { LoginResult, VerifyFactorParams } from '../auth/types.js';
import { defineModule } from '../module.js';
import { createFactors } from './factors.js';
import { getPasskeyCredential, type CredentialsLike } from './passkeys.js';

export { createFactors } from './factors.js';
export type {
  Activation,
  ApprovalAnswer,
  ChangeProof,
  Factor,
  FactorList,
  Factors,
  FactorType,
  PendingApproval,
} from './factors.js';
export { createPasskeyCredential, getPasskeyCredential, passkeysSupported } from './passkeys.js';
export type { CredentialsLike } from './passkeys.js';

/** The part of an `OAuthStrategy` these helpers use. */
export interface MfaAuth {
  readonly baseUrl: string;
  getAuthHeaders(): Promise<{ headers: Record<string, string> }>;
  verifyFactor(p: VerifyFactorParams, state?: LoginResult): Promise<LoginResult>;
}

/** `createClient({ auth, modules: { factors } })` → `client.factors.*`. */
export const factors = defineModule(createFactors);

/** Factor management bound to an auth strategy's base URL and tokens. */
export const factorsOf = (auth: Pick<MfaAuth, 'baseUrl' | 'getAuthHeaders'>) =>
  createFactors(createHttp({ baseUrl: auth.baseUrl, getAuthHeaders: () => auth.getAuthHeaders() }));

/**
 * Answers `MFA_REQUIRED` with a passkey: asks the server for a challenge (the stateToken defaults to
 * the last MFA_REQUIRED), signs it in the browser, sends the answer → SUCCESS, or the step again.
 */
export async function verifyWithPasskey(
  auth: MfaAuth,
  options: { stateToken?: string; rememberThisDevice?: boolean; credentials?: CredentialsLike } = {},
): Promise<LoginResult> {
  const challenge = await auth.verifyFactor({ factorType: 'WEBAUTHN', stateToken: options.stateToken });
  const webauthn = challenge.data?.challenge?.verificationChallengeData?.webauthnData;
  if (!webauthn) return challenge;
  const credential = await getPasskeyCredential(webauthn.publicKeyCredentialRequestOptionsJson, options.credentials);
  return auth.verifyFactor({
    factorType: 'WEBAUTHN',
    stateToken: challenge.data?.stateToken ?? options.stateToken,
    rememberThisDevice: options.rememberThisDevice,
    webauthn: { challengeId: webauthn.challengeId, credential },
  });
}

/** Password-free sign-in with a discoverable passkey → SUCCESS + sessionToken (hand it to getMemberTokensForDirectLogin). */
export async function signInWithPasskey(
  auth: MfaAuth,
  options: { credentials?: CredentialsLike } = {},
): Promise<LoginResult> {
  const http = createHttp({ baseUrl: auth.baseUrl, getAuthHeaders: () => auth.getAuthHeaders() });
  const { webauthn } = await http.request<{
    webauthn: { challengeId: string; publicKeyCredentialRequestOptionsJson: string };
  }>({
    method: 'POST',
    path: '/_api/iam/authentication/v2/webauthn/challenge',
    // Always discoverable credentials: the answer never tells whether an address has an account.
    body: {},
  });
  const credential = await getPasskeyCredential(webauthn.publicKeyCredentialRequestOptionsJson, options.credentials);
  // No stateToken (and no earlier step to fall back on): the server treats it as a first-factor sign-in.
  return auth.verifyFactor(
    { factorType: 'WEBAUTHN', webauthn: { challengeId: webauthn.challengeId, credential } },
    { loginState: 'INITIAL' },
  );
}
