/** Where the hosted account pages live; the redirect session's id rides in the query (docs/account-pages.md). */
export const ACCOUNT_PATHS: Readonly<Record<string, string>> = {
  ACCOUNT_INFO: '/account/info',
  ORDERS: '/account/orders',
};

/** The page of a section, for the account link `sessionId`, keeping an explicit `lang`. */
export function accountPath(section: string, sessionId: string, lang?: string): string {
  const query = new URLSearchParams({ redirectSessionId: sessionId, ...(lang ? { lang } : {}) });
  return `${ACCOUNT_PATHS[section] ?? ACCOUNT_PATHS.ACCOUNT_INFO}?${query.toString()}`;
}
