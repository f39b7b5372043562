/**
 * identity/: what other folders may use of it. Outside identity/ import from here only (`npm run lint:deps`,
 * rule `identity-through-its-index`); inside, files import each other directly. A new export is a decision:
 * add it to its group, or make a new group with a comment saying who needs it. Most importers are the
 * hosted pages (sign-in/), the flows' second adapter.
 */

// The plugin (app.ts).
export { identityRoutes } from './routes.js';

// What a flow takes and answers, and the scope the JSON routes build from a request.
export { isEmail, limitIp, type IdentityDeps, type StateResponse } from './common.js';
export type { FlowScope, MemberCaller } from './flow.js';
export { bodyOf, memberScopeOf, scopeOf } from './request-scope.js';

// The flows.
export { login } from './flows/login.js';
export { register } from './flows/register.js';
export { resendVerification, verifyDuringAuthentication } from './flows/verify-email.js';
export { createRecoveryMail, sendRecoveryEmail } from './flows/recover.js';
export { changePassword } from './flows/change-password.js';
export { cancelEmailChange, confirmEmailChange, pendingEmailChange, startEmailChange } from './flows/change-email.js';
export { patchMyMember } from './flows/my-member.js';

// A member's identity: sessions ended everywhere, the wire view, profile fields, verification codes.
export { revokeMemberAccess } from './member-access.js';
export { toWireIdentity } from './identity-view.js';
export { parseProfile } from './profile.js';
export { MAX_SENDS, sendNewCode } from './verification.js';

// Second factors (mfa/): the hosted second step, the account page's sign-in methods, support's actions.
export { allowedFactors, mfaMode, parseFactorType, type EnrollableFactor } from './mfa/policy.js';
export { availableFactors } from './mfa/gate.js';
export { liveChallenge } from './mfa/challenge.js';
export { passkeySignInChallenge, totpSealContext, verifyFactor } from './mfa/verify.js';
export { findStepTransaction } from './mfa/push.js';
export { activate, addFactor, addPasskey, passkeyRegistrationOptions, removeFactor } from './mfa/manage.js';
export { deleteFactor, findFactor, listFactors } from './mfa/factors.js';
export { deleteRecoveryCodes } from './mfa/recovery-codes.js';
export { factorChangedMail } from './mfa/mails.js';
export { secondFactorLockState, unlockSecondFactor } from './mfa/lockout.js';
export { answerApproval, listPendingApprovals, secureAccount } from './mfa/push-approval.js';

// Sign-in with identity providers (sso/): the browser legs in sign-in/, the providers in site settings.
export { buildIdentityProviders } from './sso/config.js';
export {
  discoverProvider,
  findIdentityProvider,
  NoJwksUri,
  onServerClock,
  providerFor,
  ProviderUnavailable,
  type Provider,
} from './sso/providers.js';
export { callbackUrl, SSO_PREFIX, ssoButtons } from './sso/buttons.js';
export {
  consumePendingLogin,
  findPendingLogin,
  findProviderIdentity,
  insertPendingLogin,
  insertProviderIdentity,
  listConnections,
  LOGIN_TTL_SECONDS,
} from './sso/store.js';
export { signInWithProvider } from './sso/sign-in.js';
export { claimsWithUserInfo } from './sso/userinfo.js';
export { disconnect } from './sso/connections.js';
export { providerLinkedMail } from './sso/link-mail.js';

// For tests in other folders: the housekeeping sweep, the second step's lockout state.
export { sweepExpired } from './housekeeping.js';
export { secondFactorLockout } from './mfa/lockout.js';
