/** Public entry of `@vitrine/sdk`: the client, auth strategy, storage adapters, PKCE and errors. */
export { createClient } from './client.js';
export type { AuthProvider, ClientOptions } from './client.js';
export { defineModule } from './module.js';
export type { HttpContext, HttpMethod, ModuleDefinition, RequestOptions } from './module.js';
export { ApplicationError, SystemError, ValidationError, VitrineError, toHttpError } from './http/errors.js';
export type { FieldViolation, VitrineErrorCode } from './http/errors.js';
export { MAX_GET_QUERY_LENGTH, createHttp } from './http/request.js';
export type { HttpOptions } from './http/request.js';
export { DEFAULT_BASE_URL, OAuthStrategy } from './auth/oauth-strategy.js';
export type { OAuthStrategyClient, OAuthStrategyOptions } from './auth/oauth-strategy.js';
export { cookieTokens, localStorageTokens, memoryStorage } from './auth/storage.js';
export type { CookieOptions, CookieStorage, LocalStorageOptions } from './auth/storage.js';
export { base64url, generateCodeChallenge, generateCodeVerifier } from './auth/pkce.js';
export { parseFromUrl } from './auth/oauth-data.js';
export type {
  AccountUrlOptions,
  AuthUrlOptions,
  MembersAccountSection,
  Prompt,
  ResponseMode,
} from './auth/redirect.js';
export { emptyTokens } from './auth/types.js';
export type * from './auth/types.js';
