import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { dataThrottleOf, decodeDotR } from '../../data/index.js';
import { NO_STORE } from '../../http/no-store.js';
import { clientIp } from '../../security/index.js';
import type { IdentityDeps } from '../common.js';
import { membersCallerOf } from './caller.js';
import { changeAccess, deleteMember, deleteMyMember } from './owner-actions.js';
import { getCurrentMember, getMember, queryMembers, type MemberQueryInput } from './reads.js';
import { MEMBERS_API_SCHEMAS as S } from './schemas.js';
import {
  clearContactList,
  createMember,
  setCommunity,
  updateMember,
  updateMemberSlug,
  updateMySlug,
} from './writes.js';

/**
 * The Members API on its canonical paths (`/members/v1/members…`, which `@wix/members` calls on
 * www.wixapis.com; docs/wire-format.md §13, issue #52). Each route resolves the caller (caller.ts) and hands
 * the typed input to a plain function (reads.ts, writes.ts, owner-actions.ts). Every answer is a member as the
 * caller may see them, the owner's and the member's own with the private fields: none is kept in a cache
 * (NO_STORE, http/no-store.ts).
 */
export const membersApiRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = deps;
  const callerOf = (request: FastifyRequest) => membersCallerOf(request, ctx);
  const base = '/members/v1/members';
  const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
  // A query counts every public member (`count(*) over ()`), may search substrings and sort: each one is a heavy
  // read of the caller's address, in the data API's budget (data/throttle.ts; API keys are not counted).
  const throttle = dataThrottleOf(ctx);
  const heavyCaller = async (request: FastifyRequest) => {
    const caller = await callerOf(request);
    await throttle.heavyRead(request, caller);
    return caller;
  };

  app.get(`${base}/my`, { schema: S.current, config: NO_STORE }, async (request) =>
    getCurrentMember(deps, await callerOf(request), request.query),
  );
  app.delete(`${base}/my`, { schema: S.deleteMine, config: NO_STORE }, async (request) =>
    deleteMyMember(deps, await callerOf(request), {
      currentPassword: request.body?.currentPassword,
      ip: clientIp(request),
    }),
  );
  app.post(`${base}/my/slug`, { schema: S.mySlug, config: NO_STORE }, async (request) =>
    updateMySlug(deps, await callerOf(request), body(request)),
  );
  app.post(`${base}/join-community`, { schema: S.community, config: NO_STORE }, async (request) =>
    setCommunity(deps, await callerOf(request), true),
  );
  app.post(`${base}/leave-community`, { schema: S.community, config: NO_STORE }, async (request) =>
    setCommunity(deps, await callerOf(request), false),
  );
  // listMembers sends its paging and sorting as `.r` (base64url JSON), as the data client does.
  app.get(base, { schema: S.list, config: NO_STORE }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const input = (query['.r'] !== undefined ? decodeDotR(query['.r']) : query) as Record<string, unknown>;
    return queryMembers(deps, await heavyCaller(request), {
      query: { paging: input.paging, sorting: input.sorting },
      fieldsets: input.fieldsets,
    });
  });
  app.post(`${base}/query`, { schema: S.query, config: NO_STORE }, async (request) =>
    queryMembers(deps, await heavyCaller(request), request.body as MemberQueryInput),
  );
  app.post(base, { schema: S.create, config: NO_STORE }, async (request) =>
    createMember(deps, await callerOf(request), request.body),
  );
  app.get(`${base}/:id`, { schema: S.get, config: NO_STORE }, async (request) =>
    getMember(deps, await callerOf(request), request.params.id, request.query),
  );
  app.patch(`${base}/:id`, { schema: S.update, config: NO_STORE }, async (request) =>
    updateMember(deps, await callerOf(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { schema: S.remove, config: NO_STORE }, async (request) =>
    deleteMember(deps, await callerOf(request), request.params.id),
  );
  app.post(`${base}/:id/slug`, { schema: S.slug, config: NO_STORE }, async (request) =>
    updateMemberSlug(deps, await callerOf(request), request.params.id, body(request)),
  );
  for (const action of ['approve', 'block'] as const)
    app.post(`${base}/:id/${action}`, { schema: S.access, config: NO_STORE }, async (request) =>
      changeAccess(deps, await callerOf(request), request.params.id, action),
    );
  for (const list of ['phones', 'emails', 'addresses'] as const)
    app.delete(`${base}/:id/${list}`, { schema: S.clearList, config: NO_STORE }, async (request) =>
      clearContactList(deps, await callerOf(request), request.params.id, list),
    );
};
