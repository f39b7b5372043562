/**
 * Schemas of the identity routes (docs/wire-format.md §6–7). Register, login, verify, resend and the recovery
 * mail share their handlers with the hosted pages, which call them without HTTP; those handlers keep
 * their checks and the schemas describe the fields. Checks used by the HTTP routes alone live here.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, OneOf, Open, op, violation } from '../http/schemas/common.js';
import { text } from '../http/schemas/text-policy.js';

const required = violation('is required', 'REQUIRED');
const RequiredString = (description: string) => Type.String({ minLength: 1, description, ...required });

/** The wire's factor `Status` enum (docs/wire-format.md §6.4): every value a factor of Vitrine's can have. */
export const FACTOR_STATUSES = ['INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL'] as const;
export const FactorStatus = (description: string) => OneOf(FACTOR_STATUSES, { description });

/** docs/wire-format.md §6.3: open, so every key of the identity reaches the wire; `factors` documented. */
const Identity = Open(
  {
    id: Key('The member id'),
    identityProfile: Key('The profile in wire names (docs/wire-format.md §6.2)'),
    status: Key('{name: PENDING | ACTIVE | BLOCKED, reasons}'),
    factors: Type.Optional(
      Type.Array(
        Open({
          factorId: Key('Factor id'),
          type: OneOf(['PASSWORD', 'TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL', 'PUSH'], { description: 'FactorType' }),
          status: FactorStatus('ACTIVE; REQUIRE_REENROLL for a password that must be reset'),
        }),
        { description: 'The password and every ACTIVE second factor' },
      ),
    ),
  },
  { description: 'The member: id, email, identityProfile, status, factors, createdDate…' },
);

export const StateResponse = Open(
  {
    state: Type.String({
      description: 'SUCCESS | REQUIRE_EMAIL_VERIFICATION | REQUIRE_OWNER_APPROVAL | REQUIRE_MFA | MFA_CHALLENGE',
    }),
    sessionToken: Type.Optional(
      Type.String({ description: 'On SUCCESS: single use, exchanged through a redirect session' }),
    ),
    stateToken: Type.Optional(Type.String({ description: 'For the next step (verification code, second factor)' })),
    identity: Type.Optional(Identity),
    additionalData: Type.Optional(AnyObject('e.g. deviceToken.strValue after a remembered second factor')),
  },
  { description: 'A StateMachineResponse (docs/wire-format.md §6.3)' },
);

const LoginId = Described('`{email}`');
const captchaTokens = Described('`[{Recaptcha: token}]` or `[{Altcha: payload}]` when the site asks for a captcha');
const clientMetaData = Described('`{deviceToken}` of a remembered device');

export const IDENTITY_SCHEMAS = {
  register: op('Register a member', StateResponse, {
    body: Body(
      {
        loginId: LoginId,
        password: Described('The password (site policy)', 'any'),
        profile: Described('Profile fields'),
        captchaTokens,
      },
      { examples: [{ loginId: { email: 'ada@example.com' }, password: 'a long passphrase' }] },
    ),
  }),
  login: op('Sign in with email and password (failures are application errors only)', StateResponse, {
    body: Body(
      { loginId: LoginId, password: Described('The password', 'any'), captchaTokens, clientMetaData },
      { examples: [{ loginId: { email: 'ada@example.com' }, password: 'a long passphrase' }] },
    ),
  }),
  changePassword: op("Change the signed-in member's password", Empty, {
    body: Body({
      newPassword: Described('The new password (site policy)', 'any'),
      currentPassword: Described('Needed unless the member signed in within the last minutes', 'any'),
    }),
  }),
  signOn: op(
    'Sign on a member by email with a site API key (creates the member when new)',
    Open({ sessionToken: Type.String(), identity: Identity }),
    {
      body: Body({
        loginId: LoginId,
        profile: Described('Profile fields'),
        verifyEmail: Type.Optional(
          Type.Boolean({ description: 'Mark the email verified', ...violation('must be a boolean', 'INVALID_TYPE') }),
        ),
        mergeExistingContact: Type.Optional(
          Type.Boolean({
            description:
              'Default true: the member of this address is signed on, and guest orders placed with it join once it is verified. false is refused (400 CONTACT_MERGE_REQUIRED): an address has one record here',
            ...violation('must be a boolean', 'INVALID_TYPE'),
          }),
        ),
      }),
    },
  ),
  validateEmail: op(
    'Check the format of an email address',
    Open({ valid: Type.Boolean(), formatInvalid: Type.Boolean(), failure: Type.Optional(AnyObject()) }),
    {
      body: Body({ email: Described('The address') }),
    },
  ),
  logout: op('End the member session (browser redirect or JSON)', Open({}), {
    querystring: Type.Object(
      { clientId: Described('The client'), postLogoutRedirectUri: Described('Where to go afterwards') },
      { additionalProperties: true },
    ),
  }),
  verify: op('Submit the email verification code', StateResponse, {
    body: Body({
      code: Described('The 6-digit code from the email'),
      stateToken: Described('From the REQUIRE_EMAIL_VERIFICATION answer'),
    }),
  }),
  resend: op('Send the verification code again', Empty, {
    body: Body({ stateToken: Described('From the REQUIRE_EMAIL_VERIFICATION answer') }),
  }),
  start: op(
    'Start an email verification for a member (the member themself or a site key)',
    Open({ verificationId: Type.String() }),
    {
      body: Body({
        identityId: RequiredString('The member id'),
        target: Type.Optional(Type.Literal('EMAIL', violation('must be EMAIL', 'INVALID_ENUM'))),
      }),
    },
  ),
  sendRecoveryEmail: op(
    'Mail a password reset link (the same answer whether or not the address has an account)',
    Empty,
    {
      body: Body({
        email: Described('The address'),
        redirect: Described('`{url, clientId}`: where the reset page leads afterwards'),
        language: Described('Mail language'),
      }),
    },
  ),
  recover: op('Set a new password with a recovery token', StateResponse, {
    body: Body({
      recoveryToken: Described('From the reset link (required)'),
      password: Described('The new password (site policy)', 'any'),
    }),
  }),
  activationEmail: op('Mail an activation link to a member without a password', Empty, {
    body: Body({ identityId: RequiredString('The member id'), emailOptions: Described('Mail options') }),
  }),
  resetPage: {
    summary: 'The hosted password reset page',
    produces: ['text/html'],
    response: { 200: Type.String({ description: 'HTML' }) },
  },
  altcha: op(
    'A fresh ALTCHA challenge for the sign-in and register forms',
    AnyObject('algorithm, challenge, salt, signature, maxnumber'),
  ),
  myMember: op("The signed-in member's profile", Open({ member: AnyObject() })),
  patchMyMember: op("Change the signed-in member's profile", Open({ member: AnyObject() }), {
    body: Body({
      profile: Type.Object(
        {},
        {
          additionalProperties: true,
          description: 'Profile fields to change',
          ...text('line'),
          ...violation('must be an object', 'REQUIRED'),
        },
      ),
    }),
  }),
};

/** A flow's input: the body its route's schema validates. The hosted pages build the same shape from a form. */
type BodyOf<K extends keyof typeof IDENTITY_SCHEMAS> = (typeof IDENTITY_SCHEMAS)[K] extends {
  body: infer B extends TSchema;
}
  ? Static<B>
  : never;
export type RegisterInput = BodyOf<'register'>;
export type LoginInput = BodyOf<'login'>;
export type VerifyEmailInput = BodyOf<'verify'>;
export type ResendVerificationInput = BodyOf<'resend'>;
export type StartVerificationInput = BodyOf<'start'>;
export type ValidateEmailInput = BodyOf<'validateEmail'>;
export type SendRecoveryEmailInput = BodyOf<'sendRecoveryEmail'>;
export type RecoverInput = BodyOf<'recover'>;
export type ActivationEmailInput = BodyOf<'activationEmail'>;
export type ChangePasswordInput = BodyOf<'changePassword'>;
export type SignOnInput = BodyOf<'signOn'>;
export type PatchMyMemberInput = BodyOf<'patchMyMember'>;
