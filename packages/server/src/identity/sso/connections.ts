import type { FastifyRequest } from 'fastify';
import { appError } from '../../errors/catalogue.js';
import { resolveCaller } from '../../http/resolve-caller.js';
import { requestOrigin } from '../../security/auth-events.js';
import type { IdentityDeps } from '../common.js';
import { findMemberById } from '../../members/store.js';
import { deleteConnection, listConnections } from './store.js';

async function memberCaller(deps: IdentityDeps, request: FastifyRequest) {
  const caller = await resolveCaller(request, deps.ctx);
  if (caller.kind !== 'member') throw appError('UNAUTHORIZED');
  return caller;
}

/** GET /v1/sso/connections — the signed-in member's providers (Account → Sign-in methods). */
export async function myConnections(deps: IdentityDeps, request: FastifyRequest) {
  const caller = await memberCaller(deps, request);
  const site = deps.ctx.sites.get(caller.siteId)!;
  const connections = await listConnections(deps.ctx.db, caller.siteId, caller.memberId);
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  return {
    connections,
    hasPassword: !!member?.passwordHash,
    providers: (site.identityProviders ?? []).map((p) => ({ idpConnectionId: p.id, name: p.name })),
  };
}

/**
 * DELETE /v1/sso/connections/{idpConnectionId} — allowed unless it is the member's only way to sign in
 * (no password and no other provider): an account must never lock its owner out.
 */
export async function disconnect(deps: IdentityDeps, request: FastifyRequest) {
  const caller = await memberCaller(deps, request);
  const { idpConnectionId } = request.params as { idpConnectionId: string };
  return deps.ctx.db.transaction(async (tx) => {
    const member = await findMemberById(tx, caller.siteId, caller.memberId, true);
    if (!member) throw appError('MEMBER_NOT_FOUND');
    const connections = await listConnections(tx, caller.siteId, member.id);
    const mine = connections.filter((c) => c.idpConnection.idpConnectionId === idpConnectionId);
    if (!mine.length) throw appError('IDP_CONNECTION_NOT_FOUND');
    if (!member.passwordHash && connections.length === mine.length) {
      throw appError('LAST_SIGN_IN_METHOD');
    }
    await deleteConnection(tx, caller.siteId, member.id, idpConnectionId);
    await deps.ctx.authEvents.record(
      { type: 'factor_removed', outcome: 'success', siteId: caller.siteId, memberId: member.id, clientId: caller.clientId, ...requestOrigin(request), detail: { method: 'sso', provider: idpConnectionId } },
      tx,
    );
    return { connections: await listConnections(tx, caller.siteId, member.id) };
  });
}
