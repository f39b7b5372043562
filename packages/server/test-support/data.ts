/** Helpers for the data tests: an in-memory database with the schema, and scopes for each kind of caller. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { CollectionConfig, IndexConfig, PermissionLevel, SiteConfig } from '../src/config/types.js';
import type { Caller } from '../src/http/caller.js';
import { ApplicationError, ValidationError } from '../src/errors/wire.js';
import { migrate } from '../src/store/migrate.js';
import { openDatabase } from '../src/store/open.js';
import { openMigratedPglite } from './database.js';
import type { Database } from '../src/store/types.js';
import { cursorKeyFrom } from '../src/data/paging.js';
import type { DataScope } from '../src/data/scope.js';

/**
 * In-memory PGlite with the schema (test-support/database.ts); with TEST_DATABASE_URL set, a fresh schema on
 * that PostgreSQL server (dropped again on close), so every test file runs isolated on either engine.
 */
export async function openTestDb(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openMigratedPglite();
  const schema = `data_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: url });
  await admin.exec(`create schema ${schema}`);
  await sharedExtensions(admin);
  const scoped = new URL(url);
  // public after the test's own schema: the shared extensions' operator classes (pg_trgm) resolve there.
  scoped.searchParams.set('options', `-c search_path=${schema},public`);
  const db = await openDatabase({ databaseUrl: scoped.toString() });
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

/** A statement the service sent, as `recordingDb` saw it. */
export interface SentStatement {
  text: string;
  params: unknown[];
}

/**
 * The same database, recording every statement sent through it into `sent`: plain queries and those run under a
 * time limit (`queryWithin`, PostgreSQL only; the data service sends guarded reads that way), so a test that reads
 * the SQL sees the same statements on either engine.
 */
export function recordingDb(db: Database, sent: SentStatement[]): Database {
  const within = db.queryWithin?.bind(db);
  return {
    ...db,
    query: (text: string, params?: readonly unknown[]) => {
      sent.push({ text, params: [...(params ?? [])] });
      return db.query(text, params);
    },
    ...(within && {
      queryWithin: (ms: number, text: string, params?: readonly unknown[]) => {
        sent.push({ text, params: [...(params ?? [])] });
        return within(ms, text, params);
      },
    }),
  } as Database;
}

/**
 * Extensions belong to one schema per database. Left to the migrations, the first test file would create
 * pg_trgm inside its own schema and drop it (and every index using it, in every schema) with that schema;
 * so the test database gets it once, in public. Parallel test files may race to create it: losing is fine.
 */
async function sharedExtensions(admin: Database): Promise<void> {
  try {
    await admin.exec('create extension if not exists pg_trgm with schema public');
    // An earlier run may have left it in a test schema of its own: move it where every test finds it.
    await admin.exec('alter extension pg_trgm set schema public');
  } catch (error) {
    if (!/already exists|duplicate key/.test(String((error as Error).message))) throw error;
  }
}

export function collection(
  id: string,
  level: PermissionLevel | Partial<CollectionConfig['permissions']>,
  seed: Record<string, unknown>[] = [],
): CollectionConfig {
  const all = typeof level === 'string' ? { read: level, insert: level, update: level, remove: level } : level;
  return { id, permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ANYONE', remove: 'ANYONE', ...all }, seed };
}

export function testSite(collections: CollectionConfig[], id = 'site1'): SiteConfig {
  return {
    id,
    name: id,
    policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    tokens: { accessTokenTtl: 14400, visitorRefreshTtl: 86400, memberSessionTtl: 86400, memberIdleTtl: 86400 },
    clients: [],
    apiKeys: [],
    collections,
  };
}

export const callers = {
  anonymous: { kind: 'anonymous' } as Caller,
  admin: (siteId = 'site1'): Caller => ({ kind: 'admin', siteId, keyName: 'test' }),
  visitor: (visitorId: string, siteId = 'site1'): Caller => ({ kind: 'visitor', siteId, clientId: 'c', visitorId }),
  member: (memberId: string, siteId = 'site1'): Caller => ({
    kind: 'member',
    siteId,
    clientId: 'c',
    memberId,
    sessionId: 's',
  }),
};

export function scopeFor(
  db: Database,
  site: SiteConfig,
  caller: Caller,
  now: () => number = () => Date.now(),
): DataScope {
  return { db, site, caller, now, cursorKey: cursorKeyFrom('test-secret') };
}

/** Awaits a failure: an ApplicationError with `status` and `code`, or (without code) a 400 ValidationError. */
export async function expectError(
  promise: Promise<unknown>,
  status: number,
  code?: string,
): Promise<ApplicationError | ValidationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the call to fail').toBeDefined();
  if (code) {
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe(code);
  } else {
    expect(error).toBeInstanceOf(ValidationError);
  }
  expect((error as ApplicationError).status).toBe(status);
  return error as ApplicationError;
}

/** A declared full-text search index over `fields`, weighted in that order: what `$search` reads (docs/data.md). */
export function searchIndexOn(...fields: string[]): IndexConfig {
  return { fields: fields.map((field) => ({ field, order: 'ASC' })), unique: false, search: true };
}
