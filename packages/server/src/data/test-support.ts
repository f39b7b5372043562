/** Helpers for the data tests: an in-memory database with the schema, and scopes for each kind of caller. */
import { expect } from 'vitest';
import type { CollectionConfig, PermissionLevel, SiteConfig } from '../config/types.js';
import type { Caller } from '../http/caller.js';
import { ApplicationError, ValidationError } from '../http/errors.js';
import { migrate } from '../store/migrate.js';
import { openDatabase } from '../store/open.js';
import type { Database } from '../store/types.js';
import { cursorKeyFrom } from './paging.js';
import type { DataScope } from './scope.js';

export async function openTestDb(): Promise<Database> {
  const db = await openDatabase({});
  await migrate(db);
  return db;
}

export function collection(id: string, level: PermissionLevel | Partial<CollectionConfig['permissions']>, seed: Record<string, unknown>[] = []): CollectionConfig {
  const all = typeof level === 'string' ? { read: level, insert: level, update: level, remove: level } : level;
  return { id, permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ANYONE', remove: 'ANYONE', ...all }, seed };
}

export function testSite(collections: CollectionConfig[], id = 'site1'): SiteConfig {
  return {
    id,
    name: id,
    policies: { emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    tokens: { accessTokenTtl: 14400, visitorRefreshTtl: 86400, memberSessionTtl: 86400 },
    clients: [],
    apiKeys: [],
    collections,
  };
}

export const callers = {
  anonymous: { kind: 'anonymous' } as Caller,
  admin: (siteId = 'site1'): Caller => ({ kind: 'admin', siteId, keyName: 'test' }),
  visitor: (visitorId: string, siteId = 'site1'): Caller => ({ kind: 'visitor', siteId, clientId: 'c', visitorId }),
  member: (memberId: string, siteId = 'site1'): Caller => ({ kind: 'member', siteId, clientId: 'c', memberId, sessionId: 's' }),
};

export function scopeFor(db: Database, site: SiteConfig, caller: Caller, now: () => number = () => Date.now()): DataScope {
  return { db, site, caller, now, cursorKey: cursorKeyFrom('test-secret') };
}

/** Awaits a failure: an ApplicationError with `status` and `code`, or (without code) a 400 ValidationError. */
export async function expectError(promise: Promise<unknown>, status: number, code?: string): Promise<ApplicationError | ValidationError> {
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
