/**
 * security/: what other folders may use of it. Outside security/ import from here only (`npm run lint:deps`,
 * rule `security-through-its-index`); inside, files import each other directly. A new export is a decision:
 * add it to its group, or make a new group with a comment saying who needs it.
 */

// Passwords: hashing and policy, the login throttle, re-authentication for sensitive changes, imported hashes.
export {
  hashPassword,
  needsRehash,
  passwordViolation,
  verifyPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './passwords.js';
export {
  admitLoginAttempt,
  admitLoginAttemptWith,
  clearLoginLocks,
  loginSucceeded,
  tooManyFailedLogins,
  type LoginAttempt,
} from './login-throttle.js';
export {
  RECENT_SIGN_IN_SECONDS,
  requireRecentAuthentication,
  ReauthenticationError,
  type ReauthenticatedBy,
} from './reauthentication.js';
export { exceedsWorkCaps, firebaseHash, fromDjangoPbkdf2, hashProblem, isUsableHash } from './foreign-hashes.js';

// Email addresses: the one comparison key (audit S-8) and the confirmation of addresses it changes.
export {
  confirmationViolation,
  emailKey,
  emailNeedsConfirmation,
  requireConfirmedEmail,
  searchKey,
} from './email-key.js';

// Secrets the server makes and checks: tokens, codes, MACs, recovery codes, TOTP, the refusal floor.
export { hashCode, hmacSha256, randomCode, randomToken, safeEqual, sha256 } from './secrets.js';
export { hashLookupSecret, verifyLookupSecret } from './lookup-secrets.js';
export { matchingTotpStep, newTotpSecret, protectTotpSecret, revealTotpSecret, totpUri } from './totp.js';
export { holdRefusal } from './answer-floor.js';

// Keys at rest: sealing with VITRINE_KEY_ENCRYPTION_KEY (signing keys, webhook and site secrets, backups).
export {
  deriveKey,
  isSealed,
  keyFingerprint,
  parseKeyEncryptionKey,
  seal,
  SealedSecretError,
  unseal,
} from './key-encryption.js';

// Who is calling and how often: the client's address, rate limits, captcha.
export { cameThroughTrustedProxy, clientIp, fastifyTrustProxy, parseTrustProxy } from './client-ip.js';
export { createRateLimiter, type RateLimiter } from './rate-limit.js';
export { batchedLimiter } from './batched-limit.js';
export { perIpLimit } from './rate-limit-hook.js';
export { CaptchaVerifier } from './captcha.js';

// API keys: the server's and the sites' (checked on every admin call), and the stored ones owners manage.
export { ApiKeyVerifier } from './api-keys.js';
export { createStoredKey, listStoredKeys, revokeStoredKey, validKeyName } from './stored-api-keys.js';

// The authentication event log and its retention.
export {
  AuthEventLog,
  requestOrigin,
  type AuthEvent,
  type AuthEventOutcome,
  type AuthEventType,
} from './auth-events.js';
export {
  AUTH_EVENT_TYPES,
  MEMBER_PAGE_ACTIONS,
  OWNER_ACTIONS,
  type OwnerActionName,
  type RefusedCall,
} from './audit-names.js';
export { pruneAuditLog, reportAuditGuard } from './audit-retention.js';

// For tests in other folders: the lockout state and the refusal floor they check against.
export { accountLockout } from './login-throttle.js';
export { REFUSAL_FLOOR_MS } from './answer-floor.js';
