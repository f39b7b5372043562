/**
 * The integration tests run the real server in the same process as jsdom. jsdom's environment
 * replaces the global `Uint8Array` with its own realm's, so Node buffers (token hashes bound as bytea
 * parameters of the embedded database, Web Crypto output) stop passing `instanceof Uint8Array` checks.
 * Restoring Node's constructor keeps both sides working; nothing in the UI depends on jsdom's.
 */
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
if (globalThis.Uint8Array !== NodeUint8Array) globalThis.Uint8Array = NodeUint8Array;
