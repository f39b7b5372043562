/**
 * `POST /_admin/v1/members/import`: the same import as `vitrine members import` (which calls it when an
 * embedded database is held by a running server). The admin key, a site API key (its own site) or a console
 * owner of the members role; which sign-in methods each may bring is sign-in-methods.ts. `dryRun` reports
 * what would happen and writes nothing.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.js';
import { invalidField } from '../../errors/wire.js';
import { Body, Open, op } from '../../http/schemas/common.js';
import { text } from '../../http/schemas/text-policy.js';
import { CONSOLE_ROLES } from '../../owners/access.js';
import { adminAccess, type AdminAccess } from '../../owners/admin-access.js';
import { IMPORT_FORMATS, parseExport, type ImportFormat } from './formats.js';
import { importMembers } from './run.js';
import type { Importer, SignInNotices } from './sign-in-methods.js';

/** A 100 000-member export is about 30 MB of JSON. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

const Firebase = Type.Object(
  {
    signerKey: Type.String({ minLength: 1, description: 'base64_signer_key of the project' }),
    saltSeparator: Type.String({ description: 'base64_salt_separator' }),
    rounds: Type.Integer({ minimum: 1, maximum: 64 }),
    memCost: Type.Integer({ minimum: 1, maximum: 20 }),
  },
  { description: "Firebase's password hash parameters (console → Authentication → Users → ⋮)" },
);

const ImportBody = Body({
  siteId: Type.Optional(Type.String()),
  format: Type.Union(
    IMPORT_FORMATS.map((f) => Type.Literal(f)),
    { description: IMPORT_FORMATS.join(', ') },
  ),
  content: Type.String({ description: 'The export file as it is (JSON, NDJSON or CSV)', ...text('multiline') }),
  dryRun: Type.Optional(Type.Boolean()),
  firebase: Type.Optional(Firebase),
});

const Report = Open({
  dryRun: Type.Boolean(),
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  withoutPassword: Type.Integer({ description: 'Imported without a usable hash: they sign in through a reset' }),
  linked: Type.Integer({ description: 'Provider links (issuer + subject) added' }),
  refused: Type.Array(Open({ row: Type.Integer(), email: Type.Optional(Type.String()), reason: Type.String() })),
});

const schema = op('Import members from another system’s export (or report what an import would do)', Report, {
  body: ImportBody,
});

export type ImportRequest = Static<typeof ImportBody>;

export const memberImportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/_admin/v1/members/import', { schema, bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const input = request.body;
    const access = await adminAccess(ctx, request, input.siteId, CONSOLE_ROLES.members);
    const notices: SignInNotices = {
      site: ctx.sites.get(access.siteId)!,
      record: (event, tx) => ctx.authEvents.record(event, tx),
    };
    return runImport(ctx, access.siteId, input, { importer: importerOf(access), notices });
  });
};

/** The operator is the server's admin key; a site API key may what an owner may; any other role, support's. */
function importerOf(access: AdminAccess): Importer {
  if (access.owner) return access.owner.role === 'owner' ? 'owner' : 'support';
  return access.identity.identityType === 'APP' ? 'owner' : 'operator';
}

export async function runImport(
  ctx: Pick<AppContext, 'db' | 'now'>,
  siteId: string,
  input: ImportRequest,
  who: { importer: Importer; notices?: SignInNotices | undefined },
  onProgress?: (done: number, total: number) => void,
) {
  // Firebase hashes cannot be checked without the project's parameters: refused rather than dropped.
  if (input.format === 'firebase' && !input.firebase && /"passwordHash"\s*:\s*"[^"]/.test(input.content))
    throw invalidField('firebase', "is required: the export has password hashes (the project's hash parameters)");
  let parsed;
  try {
    parsed = parseExport(input.format as ImportFormat, input.content, { firebase: input.firebase, now: ctx.now() });
  } catch (error) {
    throw invalidField('content', `cannot be read as ${input.format}: ${(error as Error).message.slice(0, 200)}`);
  }
  return importMembers(ctx.db, parsed.rows, parsed.refused, {
    siteId,
    format: input.format as ImportFormat,
    dryRun: input.dryRun ?? false,
    now: ctx.now(),
    importer: who.importer,
    notices: who.notices,
    ...(onProgress ? { onProgress } : {}),
  });
}
