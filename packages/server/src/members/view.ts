import type { Member } from './store.js';

/** A member as the admin API, the console and webhook payloads show it: never a secret (no password hash). */
export function adminMemberView(m: Member) {
  return {
    id: m.id,
    email: m.email,
    status: m.status,
    emailVerified: m.emailVerified,
    approved: m.approved,
    createdDate: m.createdAt.toISOString(),
    updatedDate: m.updatedAt.toISOString(),
  };
}
