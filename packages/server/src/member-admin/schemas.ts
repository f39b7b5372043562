/**
 * Schemas of the admin API's member routes (`/_admin/v1/members…`: the server's admin key, a site API
 * key or an owner console session). Responses are open: the console reads more than these keys.
 */
import { Type, type Static } from 'typebox';
import { AnyObject, Body, Described, Empty, OneOf, Open, OptionalBody, op } from '../http/schemas/common.js';
import { MEMBER_STATUSES } from '../members/index.js';

const Id = Type.Object({ id: Type.String() });
const Status = OneOf(MEMBER_STATUSES, {
  description: 'PENDING (waiting for approval or the email check), ACTIVE or BLOCKED',
});
const Iso = (description: string) => Type.String({ description });
// The fields of members/view.ts (adminMemberView): what every member answer shows.
const memberFields = {
  id: Type.String({ description: 'Member id' }),
  email: Type.String({ description: 'Login email' }),
  status: Status,
  emailVerified: Type.Boolean(),
  approved: Type.Boolean({ description: 'Approved by an owner (or automatically)' }),
  createdDate: Iso('ISO date'),
  updatedDate: Iso('ISO date'),
};
const Member = Open(memberFields);
// members/search.ts (toRowView): a row of the members table.
const { id, email, ...rest } = memberFields;
const MemberRow = Open({
  id,
  email,
  name: Type.Optional(
    Type.String({ description: 'First and last name, else the nickname; absent when neither is set' }),
  ),
  ...rest,
});
// member-admin/details.ts: the member page's sessions and sign-in methods.
const MemberSession = Open({
  clientId: Type.String(),
  ip: Type.Optional(
    Type.String({ description: 'The address of the sign-in that opened the session, while the audit log keeps it' }),
  ),
  createdDate: Iso('ISO date'),
  lastUsedDate: Iso('ISO date'),
});
const SignInMethods = Open({
  password: Type.Boolean({ description: 'A password is set' }),
  sso: Type.Array(
    Open({
      idpConnectionId: Type.String(),
      name: Type.String({ description: "The provider's name (its id when no longer configured)" }),
      email: Type.Optional(Type.String()),
      createdDate: Iso('ISO date'),
      lastUsedDate: Iso('ISO date'),
    }),
  ),
  factors: Type.Array(
    Open({
      id: Type.String(),
      factorType: Type.String(),
      status: Type.String(),
      name: Type.Optional(Type.String()),
      phoneNumber: Type.Optional(Type.String({ description: 'SMS and CALL: the number, masked (+33 •• •• •• 12)' })),
      createdDate: Iso('ISO date'),
    }),
  ),
  secondFactorLock: Open(
    {
      locked: Type.Boolean({
        description: 'The second step is locked after 100 wrong answers in a row (audit S-5)',
      }),
      failuresInARow: Type.Integer({ description: 'Wrong second-step answers since the last right one' }),
      lockedDate: Type.Optional(Iso('When the lock began (ISO date)')),
    },
    { description: 'Ended by a password reset or the `unlock-second-factor` action' },
  ),
});
const MemberDetail = Open({
  ...memberFields,
  profile: AnyObject("The member's profile"),
  lastSignInDate: Type.Optional(Iso('The last successful sign-in (ISO date); absent when none is kept')),
});
const SiteEmail = Body(
  { siteId: Described('The site'), email: Described("The member's email") },
  { examples: [{ siteId: 'demo', email: 'ada@example.com' }] },
);

const SiteQuery = Type.Object({ siteId: Described('The site') }, { additionalProperties: true });
/** `{siteId}` in the body of an action (the query string's `siteId` is read too). */
const SiteBody = OptionalBody({ siteId: Described('The site (or `?siteId=`)') });

const memberAction = (summary: string) => op(summary, Open({ member: Member }), { params: Id, body: SiteBody });

export const listMembers = op(
  'Members of a site',
  Open({
    members: Type.Array(MemberRow, { description: 'One page of members' }),
    total: Type.Integer({ description: 'How many members match' }),
  }),
  {
    querystring: Type.Object(
      {
        siteId: Described('The site (default: the only one)'),
        status: Described('PENDING | ACTIVE | BLOCKED (any case)'),
        search: Described('Part of the email, the first and last name or the nickname (case-insensitive)'),
        sort: Described('createdDate (default) | email | updatedDate'),
        order: Described('asc (default) | desc'),
        limit: Described('1 to 1000 (default 100)'),
        offset: Described('How many to skip (default 0)'),
      },
      { additionalProperties: true },
    ),
  },
);
export const approveByEmail = op('Approve a member by email', Open({ member: Member }), { body: SiteEmail });
export const blockByEmail = op('Block a member by email', Open({ member: Member }), { body: SiteEmail });
export const getMember = op(
  'A member with sessions and sign-in methods',
  Open({
    member: MemberDetail,
    sessions: Type.Array(MemberSession, { description: 'Open sessions, last used first' }),
    signInMethods: SignInMethods,
  }),
  { params: Id, querystring: SiteQuery },
);
export const deleteMember = op('Delete a member', Empty, { params: Id, querystring: SiteQuery });
export const memberActions = {
  approve: memberAction('Approve a member'),
  block: memberAction('Block a member (ends their sessions)'),
  unblock: memberAction('Unblock a member'),
  'end-sessions': memberAction('End every session of a member'),
  'send-password-reset': memberAction('Mail a member a password reset link'),
  'unlock-second-factor': memberAction(
    'Unlock the second step of a member locked after 100 wrong second-factor answers in a row (audit S-5)',
  ),
};
export const resendVerification = op('Mail a member a new verification code', Open({ sent: Type.Boolean() }), {
  params: Id,
  body: SiteBody,
});

export type MemberParams = Static<typeof Id>;
export type ListMembersQuery = Static<typeof listMembers.querystring>;
export type SiteEmailBody = Static<typeof SiteEmail>;

export const removeMemberFactor = op(
  "Remove a member's second factor (remembered devices are forgotten; the member is mailed)",
  Empty,
  { params: Type.Object({ id: Type.String(), factorId: Type.String() }), querystring: SiteQuery },
);
