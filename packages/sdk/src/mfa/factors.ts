/**
 * Factor management (issues #14, #32) for the signed-in member: list, add an authenticator app, email
 * codes, a phone, push approval or a passkey, answer push approvals, activate, remove, new recovery codes. Every change needs a sign-in of the last 10
 * minutes or `currentPassword` (else the call throws `REAUTHENTICATION_REQUIRED`). During an
 * enrolment the site requires (`factorStatus: "REQUIRE_ACTIVATION"`) pass the sign-in's `stateToken`
 * instead; the activation then also answers the sign-in's `loginState`.
 */
import { toLoginResult } from '../auth/login-result.js';
import type { LoginResult } from '../auth/types.js';
import type { HttpContext } from '../module.js';
import { createPasskeyCredential, type CredentialsLike } from './passkeys.js';

const MFA = '/_api/iam/mfa/v1/';

export type FactorType = 'TOTP' | 'EMAIL' | 'WEBAUTHN' | 'SMS' | 'CALL' | 'PUSH';

export interface Factor {
  factorId: string;
  factorType: FactorType;
  status: 'ACTIVE' | 'INACTIVE';
  createdDate?: string;
  name?: string;
  /** SMS and CALL: the number, masked (`+33 •• •• •• 12`). */
  phoneNumber?: string;
  /** PUSH: true for the factor of this browser. */
  currentDevice?: boolean;
}

/** A sign-in waiting for the member's approval ("Is this you signing in?"). */
export interface PendingApproval {
  transactionId: string;
  /** "Chrome on Linux", when known. */
  browser?: string;
  /** Where the address is, when the server knows (a country). */
  place?: string;
  createdDate: string;
  expiresDate: string;
  /** Three numbers: the member picks the one the page signing in shows. */
  numberChoices: number[];
}

/** The answer to an approval: after a denial, the offer to secure the account. */
export interface ApprovalAnswer {
  status: 'APPROVED' | 'DENIED';
  reason?: 'wrong_number';
  secureAccount?: { endOtherSessions: boolean; changePassword: boolean };
}

/** Proof for a change: the current password (when the sign-in is older than 10 minutes), or an enrolment's stateToken. */
export interface ChangeProof {
  currentPassword?: string;
  stateToken?: string;
}

/** The answer of an activation: the factor, the recovery codes (first factor only, shown once), and during enrolment the sign-in's result. */
export interface Activation {
  factor: Factor;
  recoveryCodes?: string[];
  login?: LoginResult;
}

const activation = (r: Record<string, unknown>): Activation => ({
  factor: r.factor as Factor,
  ...(r.recoveryCodes ? { recoveryCodes: r.recoveryCodes as string[] } : {}),
  ...(r.state ? { login: toLoginResult(r) } : {}),
});

/** GET factors: `allowedFactorTypes` and `phone` are absent from servers that do not say (Wix's). */
export interface FactorList {
  factors: Factor[];
  recoveryCodesLeft: number;
  allowedFactorTypes?: string[];
  phone?: { whatsapp: boolean; allowedCountries: string[] };
}

export function createFactors(http: HttpContext) {
  const post = <T>(path: string, body: unknown) => http.request<T>({ method: 'POST', path: MFA + path, body });
  return {
    /**
     * The member's factors, how many recovery codes are left, and (Vitrine's server) what the site lets them set
     * up: `allowedFactorTypes`, and `phone` (WhatsApp, countries) when phone codes are among them.
     */
    list: () => http.request<FactorList>({ method: 'GET', path: MFA + 'factors' }),
    /** Starts an authenticator app: show `otpauthUri` as a QR code (and `secret` as text), then `activate` with a code. */
    addTotp: (options: ChangeProof & { name?: string } = {}) =>
      post<{ factor: Factor; totp: { secret: string; otpauthUri: string } }>('factors', {
        factorType: 'TOTP',
        ...options,
      }),
    /** Email codes: active at once for a verified address. */
    addEmail: async (options: ChangeProof = {}) =>
      activation(await post('factors', { factorType: 'EMAIL', ...options })),
    /**
     * Adds a phone (E.164, `+33612345678`) for codes by text (`type: "SMS"`, the default; `deliveryMethod:
     * "WHATSAPP"` for the first code by WhatsApp) or by call (`"CALL"`): a code goes to the number at once;
     * `activate` with it confirms the number. Throws `PHONE_RESEND_TOO_SOON` / `PHONE_LIMIT_REACHED` (429),
     * `PHONE_DELIVERY_FAILED` (503), or a validation error on `phoneNumber`.
     */
    addPhone: (
      phoneNumber: string,
      options: ChangeProof & { type?: 'SMS' | 'CALL'; deliveryMethod?: 'SMS' | 'WHATSAPP'; name?: string } = {},
    ) => {
      const { type = 'SMS', ...rest } = options;
      return post<{ factor: Factor; phone: { maskedNumber: string } }>('factors', {
        factorType: type,
        phoneNumber,
        ...rest,
      });
    },
    /**
     * Push approval: this signed-in browser approves later sign-ins (active at once). `pushSubscription`:
     * the browser's `PushSubscription.toJSON()` when it allowed notifications (the site's VAPID key).
     */
    addPush: async (options: ChangeProof & { pushSubscription?: unknown } = {}) =>
      activation(await post('factors', { factorType: 'PUSH', ...options })),
    /** Sign-ins waiting for approval (newest first). */
    pendingApprovals: () =>
      http.request<{ transactions: PendingApproval[] }>({ method: 'GET', path: MFA + 'push/transactions' }),
    /** Approves with the number the page signing in shows; a wrong number denies it. Throws `PUSH_ANSWERED` (409) when too late. */
    approve: (transactionId: string, number: number) =>
      post<ApprovalAnswer>(`push/transactions/${encodeURIComponent(transactionId)}/approve`, { number }),
    /** Denies a waiting sign-in. */
    deny: (transactionId: string) =>
      post<ApprovalAnswer>(`push/transactions/${encodeURIComponent(transactionId)}/deny`, {}),
    /** After a denial: ends every other session and any sign-in waiting for its second step. */
    secureAccount: () => post<{ endedSessions: number }>('push/secure-account', {}),
    /** Turns on an added authenticator app or phone with a code from it. */
    activate: async (factorId: string, code: string, options: ChangeProof = {}) =>
      activation(await post(`factors/${encodeURIComponent(factorId)}/activate`, { code, ...options })),
    /** Registers a passkey in this browser (`navigator.credentials.create`) and adds it as an active factor. */
    async addPasskey(options: ChangeProof & { name?: string; credentials?: CredentialsLike } = {}) {
      const { credentials, name, ...proof } = options;
      const o = await post<{ challengeId: string; publicKeyCredentialCreationOptionsJson: string }>(
        'passkeys/registration-options',
        proof,
      );
      const credential = await createPasskeyCredential(o.publicKeyCredentialCreationOptionsJson, credentials);
      return activation(await post('passkeys', { challengeId: o.challengeId, credential, name, ...proof }));
    },
    /** Removes a factor (remembered devices are forgotten; the last factor takes the recovery codes along). */
    remove: (factorId: string, options: ChangeProof = {}) =>
      http
        .request<Record<string, never>>({
          method: 'DELETE',
          path: `${MFA}factors/${encodeURIComponent(factorId)}`,
          ...(options.currentPassword || options.stateToken ? { body: options } : {}),
        })
        .then(() => undefined),
    /** A new set of 10 recovery codes; the old ones stop working. */
    newRecoveryCodes: (options: ChangeProof = {}) => post<{ recoveryCodes: string[] }>('recovery-codes', options),
  };
}

export type Factors = ReturnType<typeof createFactors>;
