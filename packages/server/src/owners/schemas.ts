/** Schemas of the owners console API: sessions, first-time setup, two-factor, owners. */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../http/schemas/common.js';

const Owner = Open({ id: Key('Owner id'), email: Key('Email'), role: Key('owner | editor | support') });

export const signIn = {
  ...op('Sign in to the console (sets the session cookie)', Open({ owner: Type.Optional(Owner), csrfToken: Key('Send it as x-vitrine-csrf'), twoFactorRequired: Key('true when the code is missing') }), {
    body: Body({ email: Described('The owner\'s email'), password: Described('The password'), code: Described('The authentication code when two-factor is on') }),
  }),
  security: [],
};
export const setup = { ...op('Set the password from a one-time setup link', Open({ owner: Owner }), { body: Body({ token: Described('From the setup link'), password: Described('The new password') }) }), security: [] };
export const session = op('The signed-in owner, the CSRF value and the sites', Open({ owner: Owner, csrfToken: Key('Send it as x-vitrine-csrf'), mustEnrolTwoFactor: Key('Boolean'), sites: Key('[{id, name}]'), devMailbox: Key('Boolean') }));
export const signOut = op('Sign out of the console', Empty);
export const startTwoFactor = op('A pending authenticator secret (shown once)', Open({ secret: Key('Base32 secret'), uri: Key('otpauth:// URI') }));
export const confirmTwoFactor = op('Turn two-factor on with a first code', Open({ owner: Owner }), { body: Body({ code: Described('A code from the app') }) });
export const listOwners = op('Owners of the console', AnyObject('{owners}'));
export const inviteOwner = op('Invite an owner (a one-time setup link)', AnyObject('{owner, setupUrl}'), { body: Body({ email: Described('Email'), role: Described('owner | editor | support') }) });
