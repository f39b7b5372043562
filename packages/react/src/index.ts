export { VitrineProvider } from './provider.js';
export type { VitrineProviderProps } from './provider.js';
export { useVitrine, VitrineContext } from './context.js';
export type { AuthActions, VitrineContextValue } from './context.js';
export { useSession, useSessionStatus, useAuthActions, useQuery, useInvalidate, useLanguage } from './hooks.js';
export type { Session, QueryOptions, QueryResult } from './hooks.js';
export { useMember, readJson, ApiRequestError, MEMBER_PATH } from './member.js';
export type { MemberProfile, MemberAddress, AddressTag, MemberResult } from './member.js';
export { SessionStore, subjectOf } from './session.js';
export type { SessionStatus, SessionSnapshot } from './session.js';
export { QueryCache, keyOf } from './query-cache.js';
export type { QueryState, QueryStatus } from './query-cache.js';
export { RedirectLoginError } from './redirect-login.js';
export type { RedirectResult } from './redirect-login.js';
export type {
  AuthClient,
  LoginResult,
  LoginErrorCode,
  Tokens,
  TokenRole,
  VitrineClientLike,
  OAuthDataLike,
  VerifyFactorParams,
  MembersAccountSection,
} from './client-types.js';
export { useFactors, useSecondStep, passkeysSupported } from './mfa.js';
export type { Activation, ChangeProof, Factor, FactorsResult, SecondStep } from './mfa.js';
export { usePushApprovals } from './push.js';
export type { ApprovalAnswer, PendingApproval, PushApprovals } from './push.js';
export { usePushSignIn } from './push-sign-in.js';
export type { PushSignIn, PushSignInStatus } from './push-sign-in.js';
export { useSignInMethods, useSsoClient, useSsoProviders } from './sso.js';
export type { Connection, IdentityProvider, SignInMethods, SsoProviders } from './sso.js';
export { startLogin } from './redirect-login.js';
export { useAccountUrl } from './account.js';
export type { AccountUrl } from './account.js';
