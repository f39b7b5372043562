// Starts the Vitrine server the way `vitrine serve` does (loadConfig + createApp + listen), from the
// built packages/server/dist, and before listening prepares what the refresh cases replay:
// `--member-sessions N` member sessions (their refresh tokens live in the database) and one sealed
// visitor refresh token. Prints `BENCH_READY {"port", "memberRefreshTokens", "visitorRefreshToken", …}`.
import { parseArgs } from 'node:util';

const BENCH_PASSWORD = 'correct horse battery staple';

const { values } = parseArgs({
  options: {
    config: { type: 'string' },
    'data-dir': { type: 'string' },
    'member-sessions': { type: 'string', default: '0' },
    members: { type: 'string', default: '0' },
    site: { type: 'string', default: 'bench' },
    client: { type: 'string', default: 'bench-client' },
  },
});
const dist = new URL('../../packages/server/dist/', import.meta.url);
const { createApp } = await import(new URL('app.js', dist).href);
const { loadConfig } = await import(new URL('config/load.js', dist).href);

const config = loadConfig({ configPath: values.config, dataDir: values['data-dir'], port: 0 });
config.host = '127.0.0.1';
const vitrine = await createApp({ config, logLevel: process.env.LOG_LEVEL ?? 'warn' });
const { ctx } = vitrine;

const sessions = Math.min(Number(values['member-sessions']) || 0, 10_000);
const memberRefreshTokens = [];
if (sessions > 0) {
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < sessions; i++) {
      const created = await ctx.tokens.createMemberSession(tx, { siteId: values.site, clientId: values.client, memberId: `bench-member-${i}` });
      memberRefreshTokens.push(created.refreshToken);
    }
  });
}
// `--members N`: verified, approved members bench-N@example.com with the password below (login case).
const memberCount = Math.min(Number(values.members) || 0, 1000);
const memberEmails = [];
if (memberCount > 0) {
  const { hashPassword } = await import(new URL('security/passwords.js', dist).href);
  const { insertMember } = await import(new URL('identity/members.js', dist).href);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < memberCount; i++) {
      const email = `bench-${i}@example.com`;
      await insertMember(tx, { siteId: values.site, email, passwordHash, emailVerified: true, approved: true, profile: {}, now: Date.now() });
      memberEmails.push(email);
    }
  });
}

const entry = ctx.sites.findClient(values.client);
if (!entry) throw new Error(`client ${values.client} is not configured`);
const visitor = ctx.tokens.issueVisitor(entry.site, entry.client);
const visitorRefreshToken = visitor.refresh_token;
// Identity calls name their site through the caller's access token, as the SDK sends it.
const visitorAccessToken = visitor.access_token;

await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = vitrine.app.server.address();
console.log(`BENCH_READY ${JSON.stringify({ port, db: ctx.db.kind, memberRefreshTokens, visitorRefreshToken, visitorAccessToken, memberEmails, password: BENCH_PASSWORD })}`);

let closing = false;
process.on('SIGTERM', async () => {
  if (closing) return;
  closing = true;
  await vitrine.close().catch(() => {});
  process.exit(0);
});
