/**
 * Schemas of the admin API's member routes (`/_admin/v1/members…`: the server's admin key, a site API
 * key or an owner console session). Responses are open: the console reads more than these keys.
 */
import { Type, type Static } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../http/schemas/common.js';

const Id = Type.Object({ id: Type.String() });
const Member = Open({ id: Key('Member id'), email: Key('Login email'), status: Key('PENDING | APPROVED | BLOCKED'), createdDate: Key('ISO date') });
const SiteEmail = Body({ siteId: Described('The site'), email: Described('The member\'s email') }, { examples: [{ siteId: 'demo', email: 'ada@example.com' }] });

const memberAction = (summary: string) => op(summary, Open({ member: Member }), { params: Id });

export const listMembers = op('Members of a site', Open({ members: Key('Members: id, email, status, createdDate…') }), {
  querystring: Type.Object({ siteId: Described('The site (default: the only one)'), status: Described('PENDING | APPROVED | BLOCKED'), q: Described('Search') }, { additionalProperties: true }),
});
export const approveByEmail = op('Approve a member by email', Open({ member: Member }), { body: SiteEmail });
export const blockByEmail = op('Block a member by email', Open({ member: Member }), { body: SiteEmail });
export const getMember = op('A member with sessions and sign-in methods', Open({ member: Member, sessions: Key('Open sessions'), signInMethods: Key('{password, sso, factors}') }), { params: Id });
export const deleteMember = op('Delete a member', Empty, { params: Id });
export const memberActions = {
  approve: memberAction('Approve a member'),
  block: memberAction('Block a member (ends their sessions)'),
  unblock: memberAction('Unblock a member'),
  'end-sessions': memberAction('End every session of a member'),
  'send-password-reset': memberAction('Mail a member a password reset link'),
};
export const resendVerification = op('Mail a member a new verification code', AnyObject(), { params: Id });

export type MemberParams = Static<typeof Id>;
export type ListMembersQuery = Static<typeof listMembers.querystring>;
export type SiteEmailBody = Static<typeof SiteEmail>;
