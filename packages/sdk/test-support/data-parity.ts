/**
 * Parity runner: runs one scenario on the real `@wix/data` client and on ours against the same
 * recording fetch and returns both request logs and caller-visible results, normalised.
 */
import { expect } from 'vitest';
import { ours, realItems, record, type Recorded, type Recorder, type Responder } from './data-harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- scenarios drive two differently typed clients
export type Api = any;
export type Scenario = (api: Api) => Promise<unknown>;

let recorder: Recorder | undefined;

/** Caller-visible shape of any result: pages flattened with their paging state, Dates tagged. */
export function norm(x: unknown): unknown {
  if (x instanceof Date) return { date: x.toISOString() };
  if (Array.isArray(x)) return x.map(norm);
  if (x && typeof x === 'object') {
    const o = x as Record<string, unknown> & { hasNext?: () => boolean; hasPrev?: () => boolean };
    if (typeof o.hasNext === 'function' && typeof o.hasPrev === 'function') {
      const { items, totalCount, pageSize, currentPage, totalPages, length } = o as Record<string, unknown>;
      return norm({
        items,
        totalCount,
        pageSize,
        currentPage,
        totalPages,
        length,
        hasNext: o.hasNext(),
        hasPrev: o.hasPrev(),
      });
    }
    if (x instanceof Error) {
      const e = x as Error & Record<string, unknown>;
      // Client-side errors: @wix/data leaves `code` unset (or a symbolic WD_ code) where we put the WDE
      // code, so `code` is compared for bulk errors only; the WDE code is compared through `details`.
      // Likewise `details` synthesised from the message on client-side errors is left out.
      const code = e.name === 'BulkError' ? e.code : undefined;
      const app = (e.details as { applicationError?: { description?: unknown } } | undefined)?.applicationError;
      const details = app?.description === e.message ? undefined : e.details;
      return norm({
        message: e.message,
        code,
        details,
        item: e.item,
        originalIndex: e.originalIndex,
        violations: e.violations,
      });
    }
    return Object.fromEntries(
      Object.entries(o)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, norm(v)]),
    );
  }
  return x;
}

async function run(api: Api, scenario: Scenario, respond?: Responder) {
  recorder = record(respond);
  try {
    const result = norm(await scenario(api).catch((e: unknown) => ({ rejected: norm(e) })));
    const calls = recorder.calls.map(({ method, path, payload, params, url }: Recorded) => ({
      method,
      path,
      payload,
      params,
      url,
    }));
    return { calls, result };
  } finally {
    recorder.restore();
  }
}

export async function compare(scenario: Scenario, respond?: Responder) {
  const theirs = await run(realItems(), scenario, respond);
  const mine = await run(ours(), scenario, respond);
  expect(theirs.calls.length).toBeGreaterThan(0);
  expect(mine).toEqual(theirs);
  return mine;
}
