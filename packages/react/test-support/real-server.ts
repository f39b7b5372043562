/**
 * For @vitrine/react tests against a real @vitrine/server in jsdom: importing this module restores Node's
 * `Uint8Array`/`ArrayBuffer` (jsdom's realm breaks the server's `instanceof` checks), and
 * `httpSilentLogin` stands in for the hidden sign-in frame jsdom cannot run (see the SDK's test support).
 */
import { httpSilentLogin, restoreNodeRealm } from '@vitrine/sdk/test-support/jsdom';

restoreNodeRealm();

export { httpSilentLogin };
