import type { FastifyInstance } from 'fastify';
import type { IdentityDeps } from '../common.js';
import { activate, addFactor, addPasskey, listMyFactors, newRecoveryCodes, passkeyRegistrationOptions, removeFactor } from './manage.js';
import { passkeySignInChallenge, verifyFactor } from './verify.js';

/**
 * Second factors (issue #14): the verify calls of the authentication module and factor management
 * with a member token (or, to enrol a required first factor, the sign-in's stateToken).
 */
export function registerMfaRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const authn = '/_api/iam/authentication';
  app.post(`${authn}/v2/verify`, (request) => verifyFactor(deps, request));
  app.post(`${authn}/v2/webauthn/challenge`, (request) => passkeySignInChallenge(deps, request));
  app.post<{ Params: { factorType: string } }>(`${authn}/v2/:factorType/verify`, (request) => verifyFactor(deps, request, request.params.factorType));
  // The authentication family has no alias path (wire-contract §1.2); management follows the recovery family's `/_iam` alias.
  for (const mfa of ['/_api/iam/mfa/v1', '/_iam/mfa/v1']) {
    app.get(`${mfa}/factors`, (request) => listMyFactors(deps, request));
    app.post(`${mfa}/factors`, (request) => addFactor(deps, request));
    app.post<{ Params: { factorId: string } }>(`${mfa}/factors/:factorId/activate`, (request) => activate(deps, request, request.params.factorId));
    app.delete<{ Params: { factorId: string } }>(`${mfa}/factors/:factorId`, (request) => removeFactor(deps, request, request.params.factorId));
    app.post(`${mfa}/recovery-codes`, (request) => newRecoveryCodes(deps, request));
    app.post(`${mfa}/passkeys/registration-options`, (request) => passkeyRegistrationOptions(deps, request));
    app.post(`${mfa}/passkeys`, (request) => addPasskey(deps, request));
  }
}
