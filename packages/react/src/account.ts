/**
 * Hosted account pages (issue #34, docs/account-pages.md) for an app without an account area of its own:
 * a single-use link to a section (ACCOUNT_INFO, ORDERS), and a way to send the browser there and back.
 */
import { useCallback, useMemo } from 'react';
import type { MembersAccountSection } from './client-types.js';
import { useVitrine } from './context.js';

export interface AccountUrl {
  /** A fresh link (it works once, for ten minutes): fetch it when the shopper asks, not ahead of time. */
  getAccountUrl(section: MembersAccountSection, options?: { postFlowUrl?: string }): Promise<string>;
  /** Sends the browser to the section; "Back to the shop" leads to `postFlowUrl` (default: this page). */
  openAccount(section: MembersAccountSection, options?: { postFlowUrl?: string }): Promise<void>;
}

export function useAccountUrl(): AccountUrl {
  const { auth, navigate } = useVitrine();
  const getAccountUrl = useCallback(
    async (section: MembersAccountSection, options: { postFlowUrl?: string } = {}) => {
      if (!auth.getAccountUrl) throw new Error('useAccountUrl needs an @vitrine/sdk client (auth.getAccountUrl)');
      return (await auth.getAccountUrl(section, options)).accountUrl;
    },
    [auth],
  );
  const openAccount = useCallback(
    async (section: MembersAccountSection, options: { postFlowUrl?: string } = {}) => {
      const postFlowUrl = options.postFlowUrl ?? globalThis.location?.href;
      navigate(await getAccountUrl(section, postFlowUrl ? { postFlowUrl } : {}));
    },
    [getAccountUrl, navigate],
  );
  return useMemo(() => ({ getAccountUrl, openAccount }), [getAccountUrl, openAccount]);
}
