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
  memberForSignInFrom,
  memberForSignInRead,
  insertMember,
  isMemberId,
  recordVisitor,
  setApproval,
  setPassword,
  updateProfile,
  MEMBER_STATUSES,
  type Member,
} from './store.js';

// The Members API's query (identity/members-api/) reads rows with its own `where` and turns them into members.
export { toMember as memberFromRow, type MemberRow } from './store.js';

// Member events (webhooks), written in the change's transaction.
export { emitMemberEvent, emitMemberTransition, verifyMemberEmail } from './events.js';

// Deleting a member: the console's Delete member, the member's own (account page, Members API) and the API's.
export { deleteMember, memberDeletedAt } from './deletion.js';

// An owner's approve / block / unblock and ending a member's sessions: the console and the Members API (#52).
export { changeMemberAccess, endMemberSessions, type AccessAction } from './access-actions.js';

// Profile defaults and unique slugs (#52): the Members API's slug updates and the member import.
export { freeSlug, isSlugClash, slugBase, slugTaken, withProfileDefaults } from './profile-defaults.js';

// The admin API's view and search of members (member-admin/).
export { adminMemberView } from './view.js';
export { parseMemberQuery, searchMembers, SEARCH_TEXT } from './search.js';

// At start (app.ts): stored email keys brought up to the current rule.
export { rekeyEmails } from './email-rekey.js';
