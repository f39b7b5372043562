/** Schemas of the second-factor routes (issue #14): verify calls and factor management. */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, OneOf, Open, op } from '../../http/schemas/common.js';
import { FactorStatus, StateResponse } from '../schemas.js';

/** A factor as `toWireFactor` (mfa/factors.ts) sends it. */
const Factor = Open({
  factorId: Key('Factor id'),
  factorType: OneOf(['TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL', 'PUSH'], { description: 'FactorType' }),
  status: FactorStatus('INACTIVE until activated with a first code, then ACTIVE'),
  createdDate: Key('ISO-8601'),
  name: Key('The name given to a passkey'),
  phoneNumber: Key('SMS and CALL: the number, masked (+33 •• •• •• 12)'),
  currentDevice: Key('PUSH: true for the factor of the browser asking'),
});
const FactorId = Type.Object({ factorId: Type.String() });
const TransactionId = Type.Object({ transactionId: Type.String() });

const verifyBody = Body({
  factorType: Described('TOTP | EMAIL | SMS | CALL | RECOVERY_CODE | WEBAUTHN (or in the path)'),
  code: Described('The code from the app, the mail or a recovery code'),
  smsData: Described('`{code, deliveryMethod: SMS | WHATSAPP}`: without a code, a code is texted', 'json'),
  callData: Described('`{code}`: without a code, the phone is called with one', 'json'),
  pushData: Described(
    '`{transactionId}`: without one, a push approval starts; with it, its state (PENDING until answered)',
    'json',
  ),
  stateToken: Described('From the REQUIRE_MFA / MFA_CHALLENGE answer'),
  rememberThisDevice: Described('Skip the second step on this device for 30 days'),
  webauthn: Described('The passkey assertion', 'json'),
  webauthnData: Described(
    '`{challengeId, credential}`: the passkey assertion (the credential may be JSON text)',
    'json',
  ),
});

/** Route schemas of the second step and of factor management (mfa/routes.ts mounts each on both path families). */
export const MFA_SCHEMAS = {
  verify: op('Verify the second factor of a sign-in', StateResponse, { body: verifyBody }),
  verifyNamed: op('Verify the second factor named in the path', StateResponse, {
    body: verifyBody,
    params: Type.Object({ factorType: Type.String() }),
  }),
  passkeyChallenge: op('A passkey sign-in challenge', Open({ webauthn: Key('WebAuthn request options') }), {
    body: Body({ loginId: Described('`{email}` (optional: discoverable passkeys)') }),
  }),
  listFactors: op(
    "The member's factors",
    Open({
      factors: Type.Optional(Type.Array(Factor, { description: 'Every factor, active or being set up' })),
      recoveryCodesLeft: Key('How many recovery codes are unused'),
      allowedFactorTypes: Type.Optional(
        Type.Array(Type.String(), {
          description:
            'Vitrine: the factor types a member may set up on this site (SMS and CALL only with a phone sender)',
        }),
      ),
      phone: Type.Optional(
        Type.Object(
          {
            whatsapp: Type.Boolean({ description: 'Whether codes may go by WhatsApp' }),
            allowedCountries: Type.Array(Type.String(), {
              description: 'ISO 3166 alpha-2 codes numbers may belong to; empty = any',
            }),
          },
          { description: 'Vitrine: present when SMS or CALL may be set up' },
        ),
      ),
    }),
  ),
  addFactor: op('Add a factor (pending until activated)', Open({ factor: Factor, totp: Key('{secret, otpauthUri}') }), {
    body: Body({
      factorType: Described('TOTP, EMAIL, SMS, CALL or PUSH (this signed-in browser approves sign-ins)'),
      phoneNumber: Described('SMS and CALL: the number in E.164 (+33612345678); a code is sent to confirm it'),
      deliveryMethod: Described('SMS: SMS (default) or WHATSAPP for the confirmation code'),
      pushSubscription: Described("PUSH: the browser's Web Push subscription (PushSubscription.toJSON())", 'json'),
      name: Described('A name for the factor (one line, up to 100 characters)'),
      stateToken: Described('To enrol a required first factor during sign-in'),
    }),
  }),
  activate: op(
    'Activate a factor with a first code',
    Open({ factor: Factor, recoveryCodes: Key('Shown once, on the first factor') }),
    { params: FactorId, body: Body({ code: Described('A code') }) },
  ),
  removeFactor: op('Remove a factor', Empty, { params: FactorId }),
  recoveryCodes: op('New recovery codes (the old ones stop working)', Open({ recoveryCodes: Key('Shown once') })),
  passkeyOptions: op('Options to create a passkey', AnyObject('WebAuthn creation options')),
  addPasskey: op('Register a passkey', Open({ factor: Factor }), {
    body: Body({ response: Described('The WebAuthn attestation', 'json') }),
  }),
  pushTransactions: op(
    'Sign-ins waiting for approval on this account',
    Open({
      transactions: Key('[{transactionId, browser?, place?, createdDate, expiresDate, numberChoices: [3 numbers]}]'),
    }),
  ),
  pushApprove: op(
    'Approve a waiting sign-in with the number its page shows (a wrong number denies it)',
    Open({
      status: Key('APPROVED | DENIED'),
      reason: Key('wrong_number'),
      secureAccount: Key('Offered after a denial'),
    }),
    { params: TransactionId, body: Body({ number: Described('The number shown on the page signing in', 'any') }) },
  ),
  pushDeny: op(
    'Deny a waiting sign-in',
    Open({ status: Key('DENIED'), secureAccount: Key('{endOtherSessions, changePassword}') }),
    { params: TransactionId },
  ),
  pushSecure: op(
    'After a denial: end every other session and any sign-in waiting for its second step',
    Open({ endedSessions: Key('How many sessions ended') }),
  ),
};
