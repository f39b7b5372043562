/**
 * The integration tests run the real server in the same process as jsdom, whose realm replaces
 * `Uint8Array` and `ArrayBuffer`: importing this module puts Node's back (see the SDK's test support).
 */
import { restoreNodeRealm } from '@vitrine/sdk/test-support/jsdom';

restoreNodeRealm();
