/**
 * Schemas of the Members API routes (`@wix/members`, docs/wire-format.md §13). Bodies are open (the client
 * sends more than is read) and the handlers check the fields they use; answers are open so nothing a client
 * reads is dropped.
 */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Open, OptionalBody, op } from '../../http/schemas/common.js';

const Fieldsets = Type.Object(
  { fieldsets: Described('PUBLIC (default), EXTENDED or FULL; may repeat') },
  { additionalProperties: true },
);
const Id = Type.Object({ id: Type.String({ description: 'The member id' }) });
const OneMember = Open({ member: AnyObject('The member in the Members API shape') });
const Page = Open({
  members: Type.Array(AnyObject()),
  metadata: AnyObject('{count, offset, total, tooManyToCount}'),
});
const SlugBody = Body({
  slug: Described('The new slug: 1–200 letters, digits, ".", "_", "~", "-"; unique on the site'),
});

export const MEMBERS_API_SCHEMAS = {
  current: op('The signed-in member (getCurrentMember)', OneMember, { querystring: Fieldsets }),
  deleteMine: op(
    "Delete the signed-in member's account (deleteMyMember): needs a sign-in within 10 minutes or `currentPassword`",
    Empty,
    {
      querystring: Type.Object({}, { additionalProperties: true }),
      // Vitrine's own: Wix's call sends no body. Read from the body only, never the query string (logged URLs).
      body: OptionalBody({
        currentPassword: Described('Needed unless the member signed in within the last 10 minutes', 'any'),
      }),
    },
  ),
  mySlug: op("Change the signed-in member's slug (updateCurrentMemberSlug)", OneMember, { body: SlugBody }),
  community: op('Join or leave the community: privacy PUBLIC or PRIVATE (joinCommunity, leaveCommunity)', OneMember),
  list: op('List members (listMembers): paging and sorting, or `.r`', Page, {
    querystring: Type.Object({}, { additionalProperties: true }),
  }),
  query: op('Query members (queryMembers): filter, sorting, paging, search, fieldsets', Page, {
    body: Body({
      query: Described('{filter, sorting, paging: {limit, offset}}'),
      fieldsets: Described('PUBLIC (default), EXTENDED or FULL'),
      search: Described('{expression, fields}'),
    }),
  }),
  create: op('Create a member (createMember; an API key)', OneMember, {
    body: Body({ member: Described('{loginEmail, status?, privacyStatus?, profile?, contact?}') }),
  }),
  get: op('A member by id (getMember)', OneMember, { params: Id, querystring: Fieldsets }),
  update: op("Change a member's profile and contact (updateMember)", OneMember, {
    params: Id,
    body: Body({ member: Described('The fields to change: profile, contact, privacyStatus') }),
  }),
  remove: op('Delete a member (deleteMember; an API key)', Empty, { params: Id }),
  slug: op("Change a member's slug (updateMemberSlug)", OneMember, { params: Id, body: SlugBody }),
  access: op('Approve (also unblocks) or block a member (an API key)', OneMember, { params: Id }),
  clearList: op("Clear a member's phones, emails or addresses", OneMember, { params: Id }),
};
