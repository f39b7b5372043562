/**
 * members/: what other folders may use of it. Outside members/ import from here only (`npm run lint:deps`,
 * rule `members-through-its-index`); inside, files import each other directly. A new export is a decision:
 * add it to its group, or make a new group with a comment saying who needs it.
 */

// The member store: one site's members, by id or address; what sign-in, registration and profiles change.
export {
  findMemberByEmail,
  findMemberById,
  findMemberForSignIn,
  insertMember,
  isMemberId,
  recordVisitor,
  setApproval,
  setPassword,
  updateProfile,
  MEMBER_STATUSES,
  type Member,
} from './store.js';

// Member events (webhooks), written in the change's transaction.
export { emitMemberEvent, emitMemberTransition, verifyMemberEmail } from './events.js';

// Deleting a member: the console's Delete member and the member's own, on the account page.
export { deleteMember } from './deletion.js';

// The admin API's view and search of members (member-admin/).
export { adminMemberView } from './view.js';
export { parseMemberQuery, searchMembers, SEARCH_TEXT } from './search.js';

// At start (app.ts): stored email keys brought up to the current rule.
export { rekeyEmails } from './email-rekey.js';
