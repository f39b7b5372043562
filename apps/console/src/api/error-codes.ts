/**
 * Server application codes the console matches, named as in the server's error catalogue
 * (packages/server/src/errors/catalogue.ts) and checked against it at compile time (type-only import).
 */
import type { WireCode } from '@vitrine/server/errors';

export const OWNER_SESSION_REQUIRED = 'OWNER_SESSION_REQUIRED' satisfies WireCode<'OWNER_SESSION_REQUIRED'>;
