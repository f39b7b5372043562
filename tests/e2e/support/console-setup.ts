/**
 * The e2e project's setup file (vitest.config.ts): after each test, the pages it drove must have logged no
 * console error or warning and no uncaught error that the test did not declare (./console-guard.ts). Registered
 * before the suite's own hooks, this `afterEach` runs after them (Vitest runs them in reverse), so a page a suite
 * closes in its `afterEach` is judged too.
 */
import { afterEach } from 'vitest';
import { assertQuietConsole } from './console-guard.js';

afterEach(() => assertQuietConsole());
