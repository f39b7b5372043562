import type { OwnerRole } from '../../api/types.js';

/** What each role may do in the console, in words (the server's CONSOLE_ROLES decides). */
export const ROLE_SUMMARY: Record<OwnerRole, string> = {
  owner: 'everything, including owners, API keys and webhooks',
  editor: "collections and their items, the shop's catalog, discount codes and order statuses",
  support: 'members, mail and the audit log; reads the shop and its orders',
};
