/**
 * A member's own data as one JSON file (data portability, GDPR art. 20): the member downloads it from
 * `GET /_api/vitrine/v1/members/my/data`; an owner from `GET /_admin/v1/members/:id/data`. Profile,
 * open sessions, sign-in methods (factors without their secrets; provider links with issuer and
 * subject), the member's orders (the commerce module's, as the admin API shows them: lines, totals in minor units,
 * delivery address, status), and every data item the member owns, by collection.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { AnyObject, Open, op } from '../http/schemas/common.js';
import { memberScopeOf } from '../identity/index.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { requireAdminFor } from '../owners/admin-access.js';
import { memberSessions, signInMethods } from './details.js';
import { findMemberById, isMemberId, type Member, adminMemberView } from '../members/index.js';
import { memberOrders, orderView } from '../commerce/index.js';

/** More items than this are cut, with `itemsTruncated: true` (a file a browser can still open). */
const MAX_ITEMS = 10_000;
/** Orders past this many (the newest kept) are cut, with `ordersTruncated: true`. */
const MAX_ORDERS = 10_000;

export async function memberData(ctx: AppContext, siteId: string, member: Member) {
  const [sessions, methods, links, items, orders] = await Promise.all([
    memberSessions(ctx.db, siteId, member.id, ctx.now()),
    signInMethods(ctx, siteId, member),
    ctx.db.query<{ issuer: string; subject: string; idp_connection_id: string; created_at: Date }>(
      'select issuer, subject, idp_connection_id, created_at from sso_identities where site_id = $1 and member_id = $2 order by created_at',
      [siteId, member.id],
    ),
    ctx.db.query<{ collection_id: string; data: unknown }>(
      'select collection_id, data from data_items where site_id = $1 and owner_id = $2 order by collection_id, created_at, seq limit $3',
      [siteId, member.id, MAX_ITEMS + 1],
    ),
    memberOrders(ctx.db, siteId, member.id, MAX_ORDERS + 1),
  ]);
  const byCollection: Record<string, unknown[]> = {};
  for (const row of items.rows.slice(0, MAX_ITEMS)) {
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
    (byCollection[row.collection_id] ??= []).push(data);
  }
  return {
    exportedDate: new Date(ctx.now()).toISOString(),
    siteId,
    member: { ...adminMemberView(member), profile: member.profile },
    sessions,
    signInMethods: {
      password: methods.password,
      factors: methods.factors,
      providerLinks: links.rows.map((l) => ({
        issuer: l.issuer,
        subject: l.subject,
        connection: l.idp_connection_id,
        createdDate: new Date(l.created_at).toISOString(),
      })),
    },
    orders: orders.slice(0, MAX_ORDERS).map(orderView),
    ordersTruncated: orders.length > MAX_ORDERS,
    items: byCollection,
    itemsTruncated: items.rows.length > MAX_ITEMS,
  };
}

const MemberData = Open({
  exportedDate: Type.String(),
  siteId: Type.String(),
  member: AnyObject('Account and profile'),
  sessions: Type.Array(AnyObject()),
  signInMethods: AnyObject('Password set, factors (never their secrets), provider links'),
  orders: Type.Array(AnyObject(), { description: "The member's orders, newest first, as the admin API shows them" }),
  ordersTruncated: Type.Boolean(),
  items: AnyObject('Data items the member owns, by collection'),
  itemsTruncated: Type.Boolean(),
});

const download = (name: string) => ({
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'no-store',
});

export const memberDataRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/_api/vitrine/v1/members/my/data',
    { schema: op("The signed-in member's own data, as one file", MemberData) },
    async (request, reply) => {
      const { caller } = await memberScopeOf(request, ctx);
      const member = await findMemberById(ctx.db, caller.siteId, caller.memberId);
      if (!member) throw appError('MEMBER_NOT_FOUND');
      reply.headers(download('my-data.json'));
      return memberData(ctx, caller.siteId, member);
    },
  );
  app.get(
    '/_admin/v1/members/:id/data',
    {
      schema: op("A member's data, as the member would download it", MemberData, {
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({ siteId: Type.Optional(Type.String()) }),
      }),
    },
    async (request, reply) => {
      const siteId = await requireAdminFor(ctx, request, request.query.siteId, CONSOLE_ROLES.members);
      const member = isMemberId(request.params.id)
        ? await findMemberById(ctx.db, siteId, request.params.id)
        : undefined;
      if (!member) throw appError('MEMBER_NOT_FOUND');
      reply.headers(download(`member-${member.id}.json`));
      return memberData(ctx, siteId, member);
    },
  );
};
