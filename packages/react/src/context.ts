import { createContext, useContext } from 'react';
import type { AuthClient, LoginResult, VitrineClientLike } from './client-types.js';
import type { QueryCache } from './query-cache.js';
import type { RedirectResult } from './redirect-login.js';
import type { SessionStore } from './session.js';

export interface AuthActions {
  /** Direct login; on SUCCESS the member tokens are fetched through the silent frame and stored. */
  /** Sends the device token a remembered second step left (`clientMetaData.deviceToken`) along. */
  login(params: {
    email: string;
    password: string;
    captchaTokens?: Record<string, string>;
    clientMetaData?: Record<string, unknown>;
  }): Promise<LoginResult>;
  /** Creates an account; on SUCCESS the new member is signed in like `login`. */
  register(params: {
    email: string;
    password: string;
    profile?: Record<string, unknown>;
    captchaTokens?: Record<string, string>;
  }): Promise<LoginResult>;
  /** Submits the emailed code of a pending login or registration; signs in on SUCCESS. */
  verify(verificationCode: string, state?: LoginResult): Promise<LoginResult>;
  resendVerificationCode(state?: LoginResult): Promise<void>;
  /**
   * Changes the signed-in member's password. Send `currentPassword`: without it the server accepts the
   * change only within 10 minutes of signing in (`REAUTHENTICATION_REQUIRED` after that).
   */
  changePassword(newPassword: string, currentPassword?: string): Promise<void>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
  /** Sends the browser to the hosted login page; resolves once the navigation has been asked for. */
  loginWithRedirect(options?: {
    returnTo?: string;
    prompt?: 'login' | 'none' | 'consent' | 'select_account';
  }): Promise<void>;
  /** Handles the `/callback` answer of the hosted login page (idempotent for one URL). */
  handleRedirectCallback(url?: string): Promise<RedirectResult>;
  /** Ends the member session: clears tokens locally, then visits the server's logout address. */
  logout(options?: { returnTo?: string }): Promise<void>;
}

export interface VitrineContextValue {
  client: VitrineClientLike;
  auth: AuthClient;
  session: SessionStore;
  cache: QueryCache;
  actions: AuthActions;
  /** The shopper's language (BCP 47), or undefined when the app has not chosen one. */
  language: string | undefined;
  /**
   * Changes the language: the client's later calls send it, cached queries refetch, and a signed-in
   * member's profile `language` is updated (their mails follow it).
   */
  setLanguage(language: string): Promise<void>;
  /** The API origin the provider was given (without a trailing slash). */
  apiBaseUrl: string;
  /** Full-page navigation (hosted login, provider sign-in). */
  navigate(url: string): void;
  /** The registered redirect URI of the hosted login page. */
  redirectUri: string;
  /** `fetch` against the API with the shopper's access token (for endpoints outside the SDK modules). */
  authFetch(path: string, init?: RequestInit): Promise<Response>;
}

export const VitrineContext = createContext<VitrineContextValue | null>(null);

export function useVitrine(): VitrineContextValue {
  const value = useContext(VitrineContext);
  if (!value) throw new Error('useVitrine must be used inside <VitrineProvider>');
  return value;
}
