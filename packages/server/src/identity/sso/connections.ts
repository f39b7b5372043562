import { appError } from '../../errors/catalogue.js';
import type { MemberScope } from '../flow.js';
import type { IdentityDeps } from '../common.js';
import type { FlowScope } from '../flow.js';
import { findMemberById } from '../../members/index.js';
import { requireRecentAuthentication } from '../../security/index.js';
import { deleteConnection, listConnections, listConnectionsWithDates } from './store.js';

/** GET /v1/sso/connections — the signed-in member's providers (Account → Sign-in methods). */
export async function myConnections(deps: IdentityDeps, scope: MemberScope) {
  const { caller } = scope;
  const site = deps.ctx.sites.get(caller.siteId)!;
  const connections = await listConnectionsWithDates(deps.ctx.db, caller.siteId, caller.memberId);
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  return {
    connections,
    hasPassword: !!member?.passwordHash,
    providers: (site.identityProviders ?? []).map((p) => ({ idpConnectionId: p.id, name: p.name })),
  };
}

/**
 * DELETE /v1/sso/connections/{idpConnectionId} `{currentPassword?}` (body only) — a sign-in method
 * goes, so it takes the proof connecting one takes: a sign-in of the last 10 minutes or the current
 * password (security/reauthentication.ts; audit S-10), else 403 REAUTHENTICATION_REQUIRED. Allowed unless
 * it is the member's only way to sign in (no password and no other provider): an account must never
 * lock its owner out.
 */
export async function disconnect(
  deps: IdentityDeps,
  scope: MemberScope,
  idpConnectionId: string,
  input: { currentPassword?: unknown } = {},
) {
  const { caller } = scope;
  const current = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!current) throw appError('MEMBER_NOT_FOUND');
  // Before the transaction: a password check is argon2 work, and no row should stay locked during it.
  await requireRecentAuthentication(deps.ctx, caller, {
    currentPassword: input.currentPassword,
    member: current,
    ip: scope.ip,
  });
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
      {
        type: 'factor_removed',
        outcome: 'success',
        siteId: caller.siteId,
        memberId: member.id,
        clientId: caller.clientId,
        ip: scope.ip,
        detail: { method: 'sso', provider: idpConnectionId },
      },
      tx,
    );
    return { connections: await listConnectionsWithDates(tx, caller.siteId, member.id) };
  });
}

/** GET /v1/sso/providers — the site's providers for "Continue with {name}" buttons (any token of the site). */
export async function listProviders(scope: FlowScope) {
  const { site } = scope;
  return {
    siteId: site.id,
    providers: (site.identityProviders ?? []).map((p) => ({ idpConnectionId: p.id, name: p.name })),
  };
}
