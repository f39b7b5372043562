/** Schemas of the owners console API: sessions, first-time setup, two-factor, owners. */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../http/schemas/common.js';
import type { RouteTable } from '../http/schemas/route-table.js';

const Owner = Open({ id: Key('Owner id'), email: Key('Email'), role: Key('owner | editor | support') });
const html = (summary: string) => ({ summary, produces: ['text/html'], security: [], response: { 200: Type.String({ description: 'HTML or a console asset' }) } });

export const OWNER_SCHEMAS: RouteTable = {
  'POST /_admin/v1/console/sign-in': {
    ...op('Sign in to the console (sets the session cookie)', Open({ owner: Type.Optional(Owner), csrfToken: Key('Send it as x-vitrine-csrf'), twoFactorRequired: Key('true when the code is missing') }), {
      body: Body({ email: Described('The owner\'s email'), password: Described('The password'), code: Described('The authentication code when two-factor is on') }),
    }),
    security: [],
  },
  'POST /_admin/v1/console/setup': { ...op('Set the password from a one-time setup link', Open({ owner: Owner }), { body: Body({ token: Described('From the setup link'), password: Described('The new password') }) }), security: [] },
  'GET /_admin/v1/console/session': op('The signed-in owner, the CSRF value and the sites', Open({ owner: Owner, csrfToken: Key('Send it as x-vitrine-csrf'), mustEnrolTwoFactor: Key('Boolean'), sites: Key('[{id, name}]'), devMailbox: Key('Boolean') })),
  'POST /_admin/v1/console/sign-out': op('Sign out of the console', Empty),
  'POST /_admin/v1/console/two-factor/start': op('A pending authenticator secret (shown once)', Open({ secret: Key('Base32 secret'), uri: Key('otpauth:// URI') })),
  'POST /_admin/v1/console/two-factor/confirm': op('Turn two-factor on with a first code', Open({ owner: Owner }), { body: Body({ code: Described('A code from the app') }) }),
  'GET /_admin/v1/owners': op('Owners of the console', AnyObject('{owners}')),
  'POST /_admin/v1/owners': op('Invite an owner (a one-time setup link)', AnyObject('{owner, setupUrl}'), { body: Body({ email: Described('Email'), role: Described('owner | editor | support') }) }),
  'GET /console': html('The owners console'),
  'GET /console/{*}': html('The owners console (its pages and assets)'),
};
