import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { getMemberHandler, MEMBER_ACTIONS, memberActionHandler } from './actions.js';
import { listMembersHandler, setApprovalHandler } from './list.js';
import { resendVerificationHandler } from './verification.js';
import { deleteMemberHandler } from './deletion.js';
import { removeMemberFactorHandler } from './factors.js';
import * as S from './schemas.js';
import { memberImportRoutes } from './import/routes.js';
import { memberDataRoutes } from './portability.js';
import { named } from '../http/named-plugin.js';

/**
 * The admin API's member routes (`/_admin/v1/members…`): list, approve or block by email, one member
 * and the actions on it. The admin key, a site API key (its own site) or a console owner of the members role.
 */
export const memberAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/_admin/v1/members';
  await fastify.register(named(memberImportRoutes), { ctx });
  await fastify.register(named(memberDataRoutes), { ctx });
  app.get(base, { schema: S.listMembers }, (request) => listMembersHandler(ctx, request, request.query));
  app.post(`${base}/approve`, { schema: S.approveByEmail }, (request) =>
    setApprovalHandler(ctx, request, request.body, 'approve'),
  );
  app.post(`${base}/block`, { schema: S.blockByEmail }, (request) =>
    setApprovalHandler(ctx, request, request.body, 'block'),
  );
  app.get(`${base}/:id`, { schema: S.getMember }, (request) => getMemberHandler(ctx, request, request.params));
  for (const action of MEMBER_ACTIONS) {
    app.post(`${base}/:id/${action}`, { schema: S.memberActions[action] }, (request) =>
      memberActionHandler(ctx, request, request.params, action),
    );
  }
  app.post(`${base}/:id/resend-verification`, { schema: S.resendVerification }, (request) =>
    resendVerificationHandler(ctx, request, request.params),
  );
  app.delete(`${base}/:id/factors/:factorId`, { schema: S.removeMemberFactor }, (request) =>
    removeMemberFactorHandler(ctx, request, request.params),
  );
  app.delete(`${base}/:id`, { schema: S.deleteMember }, (request) => deleteMemberHandler(ctx, request, request.params));
};
