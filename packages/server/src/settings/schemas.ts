/** Route schemas of the site settings API (`/_admin/v1/site-settings…`). */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Open, op } from '../http/schemas/common.js';

const SiteQuery = Type.Object({ siteId: Described('The site') }, { additionalProperties: true });
const Strings = (description: string) => Type.Array(Type.String(), { description });

const Field = Open({
  key: Type.String({ description: 'The setting key: `policies.emailVerification`, `clients[web].redirectUris`' }),
  name: Type.String({ description: 'The key inside its section' }),
  path: Type.String({ description: 'Its place in the config file: `sites[0].policies.emailVerification`' }),
  schema: AnyObject("The key's JSON Schema in the config file (the console picks a control from it)"),
  value: Type.Optional(Type.Unknown({ description: 'The value in force; a secret is `{"set": true}` or absent' })),
  source: Type.Union([Type.Literal('file'), Type.Literal('console'), Type.Literal('default')]),
  byDefault: Type.Optional(
    Open(
      { value: Type.Optional(Type.Unknown({ description: 'Absent: unset by default' })) },
      {
        description:
          'Only for a key the console set (never a secret): its value without that change, which sending null for the key goes back to',
      },
    ),
  ),
  locked: Type.Boolean({ description: 'Set in the config file: the console cannot change it' }),
  secret: Type.Boolean({ description: 'Write-only: never answered' }),
});

const Section = Open({
  name: Type.String(),
  kind: Type.Union([Type.Literal('value'), Type.Literal('group'), Type.Literal('list')]),
  path: Type.String(),
  fields: Type.Optional(Type.Array(Field)),
  idKey: Type.Optional(Type.String({ description: 'A list: the key naming each entry' })),
  itemSchema: Type.Optional(AnyObject('A list: the JSON Schema of an entry')),
  entries: Type.Optional(
    Type.Array(Open({ id: Type.String(), path: Type.String(), removable: Type.Boolean(), fields: Type.Array(Field) })),
  ),
});

const SettingsView = Open({
  siteId: Type.String(),
  siteName: Type.String(),
  path: Type.String({ description: 'The site in the config file: `sites[0]`' }),
  configFile: Type.Boolean({ description: 'The server runs with a config file (its keys are locked)' }),
  canChange: Type.Boolean({ description: 'The caller may change settings (role owner, or the admin key)' }),
  sections: Type.Array(Section),
});

const Change = Open({ key: Type.String(), before: Type.String(), after: Type.String() });

export const getSettings = op("A site's settings, as the console edits them", SettingsView, {
  querystring: SiteQuery,
});
export const changeSettings = op(
  'Change site settings (owners): validated as the config file is, applied on every instance',
  Open({ changed: Type.Array(Change), settings: SettingsView }),
  {
    body: Body({
      siteId: Described('The site'),
      changes: Type.Record(Type.String(), Type.Unknown(), {
        description: 'Setting key → new value (null: back to the file or the default; a whole entry: removed)',
      }),
    }),
  },
);
export const exportSettings = op(
  "The site's settings as a config file (secrets left out)",
  Open({ config: AnyObject('A config file'), omittedSecrets: Strings('Where secrets were left out') }),
  { querystring: SiteQuery },
);
export const importSettings = op(
  'Import a config file: a dry run answers the differences; `apply: true` changes them',
  Open({
    differences: Type.Array(Open({ ...Change.properties, locked: Type.Boolean() })),
    applied: Type.Boolean(),
    problems: Strings('Why the import cannot be applied (as the config file would be refused)'),
  }),
  {
    body: Body({
      siteId: Described('The site'),
      config: AnyObject('The config file (JSON)'),
      apply: Type.Optional(Type.Boolean({ description: 'Change the settings (default: a dry run)' })),
    }),
  },
);
export const testProvider = op(
  'Test an identity provider: OpenID Connect discovery',
  Open({
    ok: Type.Boolean(),
    message: Type.String(),
    issuer: Type.Optional(Type.String()),
    authorizationEndpoint: Type.Optional(Type.String()),
    tokenEndpoint: Type.Optional(Type.String()),
  }),
  { body: Body({ siteId: Described('The site'), provider: AnyObject('A provider entry, or {"id"} of one') }) },
);
export const testMail = op(
  'Send a test mail to the signed-in owner through the mail server the site uses (owners only; 5 an hour per site)',
  Open({
    ok: Type.Boolean({ description: 'The relay accepted the mail' }),
    message: Type.String({ description: 'What happened, as a sentence for the owner' }),
  }),
  { body: Body({ siteId: Described('The site') }) },
);
