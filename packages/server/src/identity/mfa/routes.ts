import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { IdentityDeps } from '../common.js';
import { bodyOf, memberScopeOf, scopeOf } from '../request-scope.js';
import {
  activate,
  addFactor,
  addPasskey,
  listMyFactors,
  newRecoveryCodes,
  passkeyRegistrationOptions,
  removeFactor,
} from './manage.js';
import { parseFactorType } from './policy.js';
import { answerApproval, listPendingApprovals, secureAccount } from './push-approval.js';
import { MFA_SCHEMAS as S } from './schemas.js';
import { passkeySignInChallenge, verifyFactor } from './verify.js';

/**
 * Second factors (issue #14): the verify calls of the authentication module and factor management
 * with a member token (or, to enrol a required first factor, the sign-in's stateToken). Adapters over
 * verify.ts and manage.ts: the scope from the request's token, the body as an object.
 */
export const mfaRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = deps;
  const authn = '/_api/iam/authentication';
  // The body and the factor type are read before the caller: a request naming no known factor is a 400 whoever sends it.
  app.post(`${authn}/v2/verify`, { schema: S.verify }, async (request) => {
    const input = bodyOf(request);
    const type = parseFactorType(input.factorType);
    return verifyFactor(deps, await scopeOf(request, ctx), input, type);
  });
  app.post(`${authn}/v2/webauthn/challenge`, { schema: S.passkeyChallenge }, async (request) =>
    passkeySignInChallenge(deps, await scopeOf(request, ctx)),
  );
  app.post(`${authn}/v2/:factorType/verify`, { schema: S.verifyNamed }, async (request) => {
    const input = bodyOf(request);
    const type = parseFactorType(request.params.factorType);
    return verifyFactor(deps, await scopeOf(request, ctx), input, type);
  });
  // The authentication family has no alias path (docs/wire-format.md §1.2); management follows the recovery family's `/_iam` alias.
  for (const mfa of ['/_api/iam/mfa/v1', '/_iam/mfa/v1']) {
    app.get(`${mfa}/factors`, { schema: S.listFactors }, async (request) =>
      listMyFactors(deps, await scopeOf(request, ctx)),
    );
    app.post(`${mfa}/factors`, { schema: S.addFactor }, async (request) => {
      const input = bodyOf(request);
      return addFactor(deps, await scopeOf(request, ctx), input);
    });
    app.post(`${mfa}/factors/:factorId/activate`, { schema: S.activate }, async (request) => {
      const input = bodyOf(request);
      return activate(deps, await scopeOf(request, ctx), input, request.params.factorId);
    });
    // `currentPassword` (or a `stateToken`) only from the body: a query string lands in access logs (audit S-16).
    app.delete(`${mfa}/factors/:factorId`, { schema: S.removeFactor }, async (request) =>
      removeFactor(deps, await scopeOf(request, ctx), bodyOf(request), request.params.factorId),
    );
    app.post(`${mfa}/recovery-codes`, { schema: S.recoveryCodes }, async (request) => {
      const input = bodyOf(request);
      return newRecoveryCodes(deps, await scopeOf(request, ctx), input);
    });
    app.post(`${mfa}/passkeys/registration-options`, { schema: S.passkeyOptions }, async (request) => {
      const input = bodyOf(request);
      return passkeyRegistrationOptions(deps, await scopeOf(request, ctx), input);
    });
    app.post(`${mfa}/passkeys`, { schema: S.addPasskey }, async (request) => {
      const input = bodyOf(request);
      return addPasskey(deps, await scopeOf(request, ctx), input);
    });
    // Push approval's approving side (push-approval.ts): a live member session only.
    app.get(`${mfa}/push/transactions`, { schema: S.pushTransactions }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPendingApprovals(deps, await memberScopeOf(request, ctx));
    });
    app.post(`${mfa}/push/transactions/:transactionId/approve`, { schema: S.pushApprove }, async (request) => {
      const input = bodyOf(request);
      const scope = await memberScopeOf(request, ctx);
      return answerApproval(deps, scope, request.params.transactionId, { approve: true, number: input.number });
    });
    app.post(`${mfa}/push/transactions/:transactionId/deny`, { schema: S.pushDeny }, async (request) =>
      answerApproval(deps, await memberScopeOf(request, ctx), request.params.transactionId, { approve: false }),
    );
    app.post(`${mfa}/push/secure-account`, { schema: S.pushSecure }, async (request) =>
      secureAccount(deps, await memberScopeOf(request, ctx)),
    );
  }
};
