/**
 * What an identity flow (`src/identity/flows/`, `(deps, scope, input)`) needs, without a server: the flow is
 * called as a function, so a rule is checked in the time the rule itself takes, not a server start plus
 * HTTP round trips (issue #49). What is real and what is not, and why:
 *
 * - **Database: real**, a migrated PGlite from the worker's pool (`openMigratedPglite`). The flows are SQL
 *   (members, verifications, factors, session tokens, the outboxes, the throttle's counters); an in-memory
 *   stand-in would re-implement them and test itself. A pooled database is handed over in a few hundredths.
 * - **Clock: fake**, a number the test moves (`world.clock.advance`), so a throttle window or a code's expiry
 *   is crossed without waiting. Every part below reads it.
 * - **Limiter: real**, the database limiter on that clock: the login throttle is a rule under test, and its
 *   counting (`hitAndPeek`, windows, giving a hit back) is what the rule means.
 * - **Captcha: real** `CaptchaVerifier` with a fixed secret: for a site with `captcha: 'off'` it answers at
 *   once, for altcha it checks locally; nothing here reaches Google (no recaptcha site in these tests).
 * - **Mail: the real outbox table**; `world.mails(to)` reads what a flow queued (no SMTP, no delivery loop).
 * - **Audit events: the real `AuthEventLog`**, also captured in `world.events` as they are recorded.
 * - **Passwords: real argon2id** at the production cost: `PASSWORD_PARAMS` is a constant with no test
 *   setting, so each hash or verify is the one costly step (tens of milliseconds).
 * - **Tokens: real** `TokenService` on a `KeyRing` in that database (one ES256 key made at open): recovery and a
 *   password change end the member's sessions through it. `world.signedIn(member)` writes a session row whose
 *   sign-in time is on the world's clock (the column's default is the database's own clock, not this one).
 * - **Logger: silent.** `apiKeys` of the context is absent: a flow that reaches for it fails loudly, naming it
 *   (no flow here needs it; a flow that does should get a real one here).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { loadConfig } from '../src/config-files/index.js';
import type { SiteConfig } from '../src/config/types.js';
import type { AppContext } from '../src/context.js';
import type { IdentityDeps } from '../src/identity/common.js';
import type { FlowScope, MemberScope } from '../src/identity/flow.js';
import { listMail, type StoredMail } from '../src/mail/outbox.js';
import { insertMember, type Member } from '../src/members/store.js';
import { KeyRing } from '../src/oauth/keys.js';
import { TokenService } from '../src/oauth/token-service.js';
import { AuthEventLog, type AuthEvent } from '../src/security/auth-events.js';
import { CaptchaVerifier } from '../src/security/captcha.js';
import { hashPassword } from '../src/security/passwords.js';
import { createRateLimiter } from '../src/security/rate-limit.js';
import { SiteRegistry } from '../src/sites/registry.js';
import { openMigratedPglite } from './database.js';

export interface FlowWorld {
  deps: IdentityDeps;
  /** The demo site with the file's policies. */
  site: SiteConfig;
  /** A visitor's call to `site` (or to the site `policies` changes) from `ip` (a fresh address by default). */
  scope(options?: { policies?: Partial<SiteConfig['policies']>; ip?: string }): FlowScope;
  clock: { now(): number; advance(ms: number): void };
  /** Every audit event recorded so far, in order. */
  events: AuthEvent[];
  /** The mail the flows queued to `to`, newest first. */
  mails(to: string): Promise<StoredMail[]>;
  /** A member stored as the register flow would leave them; the password hashed for real (once per password). */
  member(email: string, password: string, options?: { emailVerified?: boolean; approved?: boolean }): Promise<Member>;
  /**
   * The member's own call from a session of theirs signed into `signedInMsAgo` before the clock (default 0: just
   * now, within the fresh-sign-in window of security/reauthentication.ts), from `ip` (a fresh address by default).
   */
  signedIn(member: Member, options?: { signedInMsAgo?: number; ip?: string }): Promise<MemberScope>;
  close(): Promise<void>;
}

const silent = pino({ level: 'silent' }) as FastifyBaseLogger;

/** A context field a flow is not expected to use: reading it throws, naming it. */
const absent = <T>(name: string): T =>
  new Proxy({} as object, {
    get: (_target, key) => {
      throw new Error(`flow-world: the flow used ctx.${name}.${String(key)}; give the world a real ${name}`);
    },
  }) as T;

let ipCounter = 0;
/** A fresh client address per scope: the per-address limits of one test never reach another's. */
const nextIp = () => `192.0.2.${(++ipCounter % 250) + 1}`;

export async function openFlowWorld(options: { policies?: Partial<SiteConfig['policies']> } = {}): Promise<FlowWorld> {
  const config = loadConfig({
    env: { VITRINE_ADMIN_KEY: randomBytes(24).toString('base64url'), PUBLIC_URL: 'http://127.0.0.1:1' },
    ephemeral: true,
    port: 0,
  });
  const demo = config.sites[0]!;
  const site: SiteConfig = { ...demo, policies: { ...demo.policies, ...options.policies } };
  let time = Date.parse('2030-01-01T00:00:00Z');
  const now = () => time;
  const db = await openMigratedPglite();
  const events: AuthEvent[] = [];
  const authEvents = new AuthEventLog(db, silent, now, (event) => events.push(event));
  const limiter = createRateLimiter({ db, now });
  const serverConfig = { ...config, sites: [site] };
  const keys = await KeyRing.open(db, { now });
  const ctx: AppContext = {
    config: serverConfig,
    db,
    sites: new SiteRegistry([site]),
    tokens: new TokenService(db, keys, serverConfig, now),
    apiKeys: absent('apiKeys'),
    limiter,
    authEvents,
    log: silent,
    now,
  };
  // One real hash per password, shared by the members that have it: each hash is ~20 ms of argon2id work.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  const captcha = new CaptchaVerifier({ db, secret: 'flow-world captcha secret', now, allowPrivateNetworks: false });
  return {
    deps: { ctx, limiter, captcha },
    site,
    scope: (o = {}) => ({
      ip: o.ip ?? nextIp(),
      caller: { kind: 'visitor', siteId: site.id, clientId: site.clients[0]!.clientId, visitorId: 'visitor-1' },
      site: o.policies ? { ...site, policies: { ...site.policies, ...o.policies } } : site,
      visitorId: 'visitor-1',
    }),
    clock: { now, advance: (ms) => void (time += ms) },
    events,
    mails: (to) => listMail(db, { to }),
    member: async (email, password, o = {}) => {
      const passwordHash = await hashOf(password);
      const member = await insertMember(db, {
        siteId: site.id,
        email,
        passwordHash,
        emailVerified: o.emailVerified ?? true,
        approved: o.approved ?? true,
        profile: {},
        now: time,
      });
      if (!member) throw new Error(`flow-world: ${email} is taken`);
      return member;
    },
    signedIn: async (member, o = {}) => {
      const sessionId = randomUUID();
      const signedInAt = new Date(time - (o.signedInMsAgo ?? 0));
      const clientId = site.clients[0]!.clientId;
      await db.query(
        `insert into sessions (site_id, id, member_id, client_id, created_at, expires_at, last_used_at)
         values ($1, $2, $3, $4, $5, $6, $5)`,
        [site.id, sessionId, member.id, clientId, signedInAt, new Date(time + site.tokens.memberSessionTtl * 1000)],
      );
      return {
        ip: o.ip ?? nextIp(),
        caller: { kind: 'member', siteId: site.id, clientId, memberId: member.id, sessionId },
      };
    },
    async close() {
      await authEvents.close();
      await limiter.close();
      await db.close();
    },
  };
}
