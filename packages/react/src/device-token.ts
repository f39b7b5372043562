/**
 * "Remember this device" for in-page sign-ins: the device token of a second step passed with
 * `rememberThisDevice` is kept in localStorage and sent as `clientMetaData.deviceToken` with every later
 * login, so the server skips the second step for 30 days (or until the member voids it: a password
 * change, a removed factor, sign out everywhere). The hosted pages keep theirs in an HttpOnly cookie.
 */
const KEY = 'vitrine.deviceToken';

export function readDeviceToken(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveDeviceToken(token: string | undefined): void {
  if (!token) return;
  try {
    globalThis.localStorage?.setItem(KEY, token);
  } catch {
    // No storage (private mode): the member is asked for the second step next time, nothing worse.
  }
}
