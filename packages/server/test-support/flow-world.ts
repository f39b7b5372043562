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
 * - **Logger: silent.** `tokens` and `apiKeys` of the context are absent: a flow that reaches for one fails
 *   loudly, naming it (login and register need neither; a flow that does should get a real one here).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { loadConfig } from '../src/config-files/index.js';
import type { SiteConfig } from '../src/config/types.js';
import type { AppContext } from '../src/context.js';
import type { IdentityDeps } from '../src/identity/common.js';
import type { FlowScope } from '../src/identity/flow.js';
import { listMail, type StoredMail } from '../src/mail/outbox.js';
import { insertMember, type Member } from '../src/members/store.js';
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
  const ctx: AppContext = {
    config: { ...config, sites: [site] },
    db,
    sites: new SiteRegistry([site]),
    tokens: absent('tokens'),
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
    async close() {
      await authEvents.close();
      await limiter.close();
      await db.close();
    },
  };
}
