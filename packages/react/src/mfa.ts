/**
 * Second factors (issues #14, #32) over `@vitrine/sdk/mfa`: the second step of a sign-in (codes, emailed
 * codes, codes by text or call, recovery codes, passkeys), password-free passkey sign-in, and the member's factor management.
 */
import { factorsOf, passkeysSupported, signInWithPasskey, verifyWithPasskey } from '@vitrine/sdk/mfa';
import type { Activation, ChangeProof, Factor, FactorList, MfaAuth } from '@vitrine/sdk/mfa';
import { useCallback, useMemo } from 'react';
import type { LoginResult } from './client-types.js';
import { useVitrine } from './context.js';
import { saveDeviceToken } from './device-token.js';
import { useInvalidate, useQuery, useSession } from './hooks.js';
import type { QueryResult } from './hooks.js';

export type { Activation, ChangeProof, Factor };
export { passkeysSupported };

/** The client's auth as the SDK's MFA helpers want it. */
export function useMfaAuth(): MfaAuth {
  const { auth, apiBaseUrl } = useVitrine();
  return useMemo(
    () => ({
      baseUrl: auth.baseUrl ?? apiBaseUrl,
      getAuthHeaders: async () =>
        auth.getAuthHeaders
          ? auth.getAuthHeaders()
          : { headers: { Authorization: auth.getTokens().accessToken.value } },
      verifyFactor: (params, state) => {
        if (!auth.verifyFactor) throw new Error('This client has no second step (use @vitrine/sdk).');
        return auth.verifyFactor(params, state);
      },
    }),
    [auth, apiBaseUrl],
  );
}

export interface SecondStep {
  /** A code from the authenticator app, the email, a text or call, or a recovery code; signs in on SUCCESS. */
  verifyCode(p: {
    factorType: 'TOTP' | 'EMAIL' | 'RECOVERY_CODE' | 'SMS' | 'CALL';
    code: string;
    rememberThisDevice?: boolean;
    stateToken?: string;
  }): Promise<LoginResult>;
  /** Mails a code for the EMAIL factor (answers MFA_REQUIRED with the address hint). */
  sendEmailCode(stateToken?: string): Promise<LoginResult>;
  /**
   * Texts (`SMS`, by WhatsApp with `deliveryMethod: "WHATSAPP"`) or calls (`CALL`) with a code: answers
   * MFA_REQUIRED with the masked number as the hint, or FAILURE (too soon, a limit, the provider down).
   */
  sendPhoneCode(p: {
    factorType: 'SMS' | 'CALL';
    deliveryMethod?: 'SMS' | 'WHATSAPP';
    stateToken?: string;
  }): Promise<LoginResult>;
  /**
   * Push approval: without `transactionId`, asks the member's signed-in devices to approve (MFA_REQUIRED
   * with `challenge.verificationChallengeData.pushData`: the number to show); with it, the approval's
   * state: MFA_REQUIRED while pending, SUCCESS (signed in) once approved. Poll every few seconds.
   */
  checkPush(p: { transactionId?: string; rememberThisDevice?: boolean; stateToken?: string }): Promise<LoginResult>;
  /** Answers the step with a passkey of this device; signs in on SUCCESS. */
  verifyWithPasskey(p?: { rememberThisDevice?: boolean; stateToken?: string }): Promise<LoginResult>;
  /** Password-free sign-in with a passkey; signs in on SUCCESS. */
  signInWithPasskey(): Promise<LoginResult>;
}

/**
 * The second step of a sign-in that answered MFA_REQUIRED, and passkey sign-in. On SUCCESS the member
 * tokens come through the silent frame (as after `login`) and a device token is kept for later logins.
 * Lives here, not in the provider, so none of it is in a shop's first load.
 */
export function useSecondStep(): SecondStep {
  const { auth: client, session } = useVitrine();
  const auth = useMfaAuth();
  return useMemo(() => {
    const signIn = async (result: LoginResult) => {
      saveDeviceToken(result.data?.deviceToken);
      const sessionToken = result.loginState == 'SUCCESS' ? result.data?.sessionToken : undefined;
      try {
        if (sessionToken) client.setTokens(await client.getMemberTokensForDirectLogin(sessionToken));
      } finally {
        session.refresh();
      }
      return result;
    };
    return {
      verifyCode: async ({ factorType, code, rememberThisDevice, stateToken }) =>
        signIn(await auth.verifyFactor({ factorType, code, rememberThisDevice, stateToken })),
      sendEmailCode: (stateToken) => auth.verifyFactor({ factorType: 'EMAIL', stateToken }),
      sendPhoneCode: ({ factorType, deliveryMethod, stateToken }) =>
        auth.verifyFactor({ factorType, deliveryMethod, stateToken }),
      checkPush: async ({ transactionId, rememberThisDevice, stateToken }) => {
        const result = await auth.verifyFactor({ factorType: 'PUSH', transactionId, rememberThisDevice, stateToken });
        return result.loginState == 'SUCCESS' ? signIn(result) : result;
      },
      verifyWithPasskey: async (p = {}) => signIn(await verifyWithPasskey(auth, p)),
      signInWithPasskey: async () => signIn(await signInWithPasskey(auth)),
    };
  }, [client, session, auth]);
}

export interface FactorsResult extends QueryResult<FactorList> {
  /** Starts an authenticator app: show `totp.otpauthUri` as a QR code and `totp.secret` as text, then `activate`. */
  addTotp(
    options?: ChangeProof & { name?: string },
  ): Promise<{ factor: Factor; totp: { secret: string; otpauthUri: string } }>;
  activate(factorId: string, code: string, options?: ChangeProof): Promise<Activation>;
  addEmail(options?: ChangeProof): Promise<Activation>;
  /** Adds a phone (E.164): a code goes to it by text (or WhatsApp) or by call; `activate` with it confirms the number. */
  addPhone(
    phoneNumber: string,
    options?: ChangeProof & { type?: 'SMS' | 'CALL'; deliveryMethod?: 'SMS' | 'WHATSAPP' },
  ): Promise<{ factor: Factor; phone: { maskedNumber: string } }>;
  /** Push approval: this browser approves later sign-ins (`pushSubscription` when it allowed notifications). */
  addPush(options?: ChangeProof & { pushSubscription?: unknown }): Promise<Activation>;
  /** Registers a passkey of this device (the browser asks the member). */
  addPasskey(options?: ChangeProof & { name?: string }): Promise<Activation>;
  remove(factorId: string, options?: ChangeProof): Promise<void>;
  newRecoveryCodes(options?: ChangeProof): Promise<{ recoveryCodes: string[] }>;
}

/** The signed-in member's second factors; every change refreshes the list. */
export function useFactors(): FactorsResult {
  const auth = useMfaAuth();
  const { isMember } = useSession();
  const invalidate = useInvalidate();
  const factors = useMemo(() => factorsOf(auth), [auth]);
  const query = useQuery(['mfa', 'factors'], () => factors.list(), { enabled: isMember });
  // Resolves only after the list has refetched, so a "removed" notice never shows beside the removed factor.
  const changed = useCallback(
    <T>(p: Promise<T>) => p.finally(() => invalidate(['mfa', 'factors']).catch(() => undefined)),
    [invalidate],
  );
  return {
    ...query,
    addTotp: (o) => changed(factors.addTotp(o)),
    activate: (id, code, o) => changed(factors.activate(id, code, o)),
    addEmail: (o) => changed(factors.addEmail(o)),
    addPhone: (number, o) => changed(factors.addPhone(number, o)),
    addPush: (o) => changed(factors.addPush(o)),
    addPasskey: (o) => changed(factors.addPasskey(o)),
    remove: (id, o) => changed(factors.remove(id, o)),
    newRecoveryCodes: (o) => changed(factors.newRecoveryCodes(o)),
  };
}
