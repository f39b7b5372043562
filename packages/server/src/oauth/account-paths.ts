/** Where the hosted account pages live; the redirect session's id rides in the query (docs/account-pages.md). */
export const ACCOUNT_PATHS: Readonly<Record<string, string>> = {
  ACCOUNT_INFO: '/members-account/info',
  ORDERS: '/members-account/orders',
};

/** The page of a section, for the account link `sessionId`, keeping an explicit `lang`. */
export function accountPath(section: string, sessionId: string, lang?: string): string {
  const query = new URLSearchParams({ redirectSessionId: sessionId, ...(lang ? { lang } : {}) });
  return `${ACCOUNT_PATHS[section] ?? ACCOUNT_PATHS.ACCOUNT_INFO}?${query.toString()}`;
}

/** What an account link adds to its redirect session (table account_redirects). */
export interface AccountLink {
  section: string;
  /** The member session of the access token that created the link, when that was a member's. */
  memberSessionId: string | null;
}

/**
 * How long the account pages opened by one link stay usable (with the browser's live sign-in): the link
 * itself works once and for ten minutes like every redirect session; the pages it opened, an hour.
 */
export const ACCOUNT_LINK_TTL_SECONDS = 3600;
