import { afterAll, beforeAll } from 'vitest';
import { ipLimits } from '../src/identity/common.js';

type IpLimits = typeof ipLimits;

/**
 * Changes the per-address sign-in limits for the enclosing file or `describe`, and puts them back after it:
 * test files share a worker process (and so this module) one after the other.
 */
export function useIpLimits(changes: Partial<IpLimits> | ((limits: IpLimits) => Partial<IpLimits>)): void {
  let saved: IpLimits;
  beforeAll(() => {
    saved = structuredClone(ipLimits);
    Object.assign(ipLimits, typeof changes === 'function' ? changes(ipLimits) : changes);
  });
  afterAll(() => {
    Object.assign(ipLimits, saved);
  });
}
