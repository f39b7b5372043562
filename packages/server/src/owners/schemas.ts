/** Schemas of the owners console API: sessions, first-time setup, two-factor, owners. */
import { Type } from 'typebox';
import { Body, Described, Empty, Nullable, OneOf, Open, op } from '../http/schemas/common.js';
import { OWNER_ROLES } from './store.js';

// owners/store.ts (ownerView): never a secret.
const Owner = Open({
  id: Type.String({ description: 'Owner id' }),
  email: Type.String({ description: 'Email' }),
  role: OneOf(OWNER_ROLES, { description: 'owner | editor | support' }),
  twoFactor: Type.Boolean({ description: 'An authenticator app is on' }),
  passwordSet: Type.Boolean({ description: 'False until the setup link is used' }),
  sites: Type.Array(Type.String(), { description: 'The site ids this owner runs; ["*"] for every site' }),
  createdDate: Type.String({ description: 'ISO date' }),
});
const CsrfToken = Type.String({ description: 'Send it as x-vitrine-csrf' });

export const signIn = {
  ...op(
    'Sign in to the console (sets the session cookie)',
    Open({
      owner: Type.Optional(Owner),
      csrfToken: Type.Optional(CsrfToken),
      twoFactorRequired: Type.Optional(
        Type.Boolean({ description: 'true when the code is missing (then nothing else is answered)' }),
      ),
    }),
    {
      body: Body({
        email: Described("The owner's email"),
        password: Described('The password', 'any'),
        code: Described('The authentication code when two-factor is on'),
      }),
    },
  ),
  security: [],
};
export const describeLink = {
  ...op(
    'Whose one-time link this is and what it does (410 SETUP_LINK_USED / SETUP_LINK_EXPIRED say why not)',
    Open({
      email: Type.String({ description: 'The account the link is for' }),
      role: OneOf(OWNER_ROLES, { description: 'owner | editor | support' }),
      purpose: OneOf(['setup', 'reset'] as const, { description: 'setup: a first password; reset: a new one' }),
      expiresDate: Type.String({ description: 'When the link expires (ISO date)' }),
      twoFactorNext: Type.Boolean({ description: 'An authenticator app is set up right after (production)' }),
      emailChoosable: Type.Boolean({
        description: "The first start's link: the first owner may give their own address (`email` in the POST)",
      }),
    }),
    {
      querystring: Type.Object(
        { token: Type.Optional(Type.String({ description: 'From the link' })) },
        { additionalProperties: true },
      ),
    },
  ),
  security: [],
};
export const setup = {
  ...op(
    'Set the password from a one-time setup or reset link, then sign in (sets the session cookie)',
    Open({
      owner: Owner,
      csrfToken: Type.Optional(CsrfToken),
      signInNext: Type.Optional(
        Type.Boolean({ description: 'true for an owner with an authenticator: sign in with the password and a code' }),
      ),
    }),
    {
      body: Body({
        token: Described('From the link'),
        password: Described('The new password', 'any'),
        email: Described("The first owner's own address, on the first start's link only (emailChoosable)"),
      }),
    },
  ),
  security: [],
};
const Session = Open({
  owner: Owner,
  csrfToken: CsrfToken,
  mustEnrolTwoFactor: Type.Boolean(),
  sites: Type.Array(Open({ id: Type.String(), name: Type.String() })),
  devMailbox: Type.Boolean(),
});
export const session = op('The signed-in owner, the CSRF value and the sites (401 without a session)', Session);
// The console's first question on every visit: signed out is an answer (200), not an error a browser logs.
export const sessionStatus = {
  ...op(
    'Whether an owner is signed in: 200 either way, with the session when one is (what GET …/console/session answers)',
    Open({
      signedIn: Type.Boolean({ description: 'false: no owner is signed in (no cookie, or the session ended)' }),
      session: Nullable(Session),
    }),
  ),
  security: [],
};
export const signOut = op('Sign out of the console', Empty);
export const startTwoFactor = op(
  'A pending authenticator secret (shown once)',
  Open({ secret: Type.String({ description: 'Base32 secret' }), uri: Type.String({ description: 'otpauth:// URI' }) }),
);
export const confirmTwoFactor = op('Turn two-factor on with a first code', Open({ owner: Owner }), {
  body: Body({ code: Described('A code from the app') }),
});
export const listOwners = op('Owners of the console', Open({ owners: Type.Array(Owner) }));
export const inviteOwner = op(
  'Invite an owner (a one-time setup link)',
  Open({
    owner: Owner,
    created: Type.Boolean({
      description: 'false when the owner existed without a password (a new link; earlier links stop working)',
    }),
    setupUrl: Type.String({ description: 'The one-time setup link' }),
    expiresDate: Type.String({ description: 'When the link expires (ISO date)' }),
  }),
  {
    body: Body({
      email: Described('Email'),
      role: Described('owner | editor | support'),
      siteIds: Described(
        'Site ids the owner runs (["*"]: every site); default: the inviter\'s sites, every site for the admin key',
      ),
    }),
  },
);
export const requestPasswordReset = {
  ...op(
    'Mail a one-time password reset link (30 min) to an owner; the same answer whether or not the address is one',
    Empty,
    { body: Body({ email: Described("The owner's email") }) },
  ),
  security: [],
};
export const removeOwner = op(
  'Remove an owner: their sessions and links end at once (not yourself, nor the last owner who can manage owners)',
  Open({ owner: Owner }),
  { params: Type.Object({ id: Type.String({ description: 'Owner id' }) }) },
);
export const requestEmailChange = op(
  'Ask to sign in with another address: re-authenticate; a one-time link (24 h) is mailed to the new address, which takes effect when it is opened',
  Open({
    pendingEmail: Type.String({ description: 'The address the link was mailed to' }),
    expiresDate: Type.String({ description: 'When the link expires (ISO date)' }),
  }),
  {
    body: Body({
      newEmail: Described('The new address'),
      password: Described('Your password, typed again', 'any'),
      code: Described('A code from your authenticator app, when two-factor is on'),
    }),
  },
);
export const describeEmailLink = {
  ...op(
    'Whose email change link this is and the address it confirms (410 SETUP_LINK_USED / SETUP_LINK_EXPIRED say why not)',
    Open({
      email: Type.String({ description: 'The address in force now' }),
      newEmail: Type.String({ description: 'The address the link confirms' }),
      expiresDate: Type.String({ description: 'When the link expires (ISO date)' }),
    }),
    {
      querystring: Type.Object(
        { token: Type.Optional(Type.String({ description: 'From the link' })) },
        { additionalProperties: true },
      ),
    },
  ),
  security: [],
};
export const confirmEmailChange = {
  ...op(
    'Confirm a new address from the link mailed to it: it becomes the sign-in address at once and the old one is told',
    Open({ owner: Owner }),
    { body: Body({ token: Described('From the link') }) },
  ),
  security: [],
};
