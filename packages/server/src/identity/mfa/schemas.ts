/** Schemas of the second-factor routes (issue #14): verify calls and factor management. */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../../http/schemas/common.js';
import { forPaths, type RouteTable } from '../../http/schemas/route-table.js';
import { StateResponse } from '../schemas.js';

const Factor = Open({ factorId: Key('Factor id'), factorType: Key('TOTP | EMAIL | WEBAUTHN'), status: Key('PENDING | ACTIVE') });
const FactorId = Type.Object({ factorId: Type.String() });
const MFA = ['/_api/iam/mfa/v1', '/_iam/mfa/v1'];
const each = (method: string, tail: string, schema: Parameters<typeof forPaths>[2]) => forPaths(method, MFA.map((p) => `${p}${tail}`), schema);

const verifyBody = Body({
  factorType: Described('TOTP | EMAIL | RECOVERY_CODE | WEBAUTHN (or in the path)'),
  code: Described('The code from the app, the mail or a recovery code'),
  stateToken: Described('From the REQUIRE_MFA / MFA_CHALLENGE answer'),
  rememberThisDevice: Described('Skip the second step on this device for 30 days'),
  webauthn: Described('The passkey assertion'),
});

export const MFA_SCHEMAS: RouteTable = {
  'POST /_api/iam/authentication/v2/verify': op('Verify the second factor of a sign-in', StateResponse, { body: verifyBody }),
  'POST /_api/iam/authentication/v2/{factorType}/verify': op('Verify the second factor named in the path', StateResponse, { body: verifyBody, params: Type.Object({ factorType: Type.String() }) }),
  'POST /_api/iam/authentication/v2/webauthn/challenge': op('A passkey sign-in challenge', Open({ webauthn: Key('WebAuthn request options') }), { body: Body({ loginId: Described('`{email}` (optional: discoverable passkeys)') }) }),
  ...each('GET', '/factors', op('The member\'s factors', Open({ factors: Key('The factors'), recoveryCodesLeft: Key('How many recovery codes are unused') }))),
  ...each('POST', '/factors', op('Add a factor (pending until activated)', Open({ factor: Factor, totp: Key('{secret, otpauthUri}') }), { body: Body({ factorType: Described('TOTP or EMAIL'), stateToken: Described('To enrol a required first factor during sign-in') }) })),
  ...each('POST', '/factors/{factorId}/activate', op('Activate a factor with a first code', Open({ factor: Factor, recoveryCodes: Key('Shown once, on the first factor') }), { params: FactorId, body: Body({ code: Described('A code') }) })),
  ...each('DELETE', '/factors/{factorId}', op('Remove a factor', Empty, { params: FactorId })),
  ...each('POST', '/recovery-codes', op('New recovery codes (the old ones stop working)', Open({ recoveryCodes: Key('Shown once') }))),
  ...each('POST', '/passkeys/registration-options', op('Options to create a passkey', AnyObject('WebAuthn creation options'))),
  ...each('POST', '/passkeys', op('Register a passkey', Open({ factor: Factor }), { body: Body({ response: Described('The WebAuthn attestation') }) })),
};
