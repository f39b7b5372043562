/** The outbound HTTP client (request.ts): import from here. */
export { describeFailure, OutboundError, type OutboundFailure } from './failure.js';
export { outboundFetch, type OutboundFetch, type OutboundInit } from './fetch.js';
export {
  BlockedAddressError,
  blockedRange,
  checkAddress,
  guardedLookup,
  outboundPolicy,
  privateNetworksAllowed,
  type OutboundPolicy,
  type ResolveAll,
} from './guard.js';
export { extraCaFor, trustCaForTests } from './test-trust.js';
export { outboundRequest, outboundTarget, type OutboundAnswer, type OutboundOptions } from './request.js';
