/** What every resolver receives: the data scope of the request (caller, site, limits) and its loaders. */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import type { DataScope } from '../data/index.js';
import type { ReferenceLoaders } from './references.js';

export interface GraphqlContext {
  app: AppContext;
  scope: DataScope;
  references: ReferenceLoaders;
  /** Counts a write against the caller's per-address limit, as REST writes do (throws 429). */
  admitWrite: () => Promise<void>;
  /** Counts a costly operation as one heavy read against the caller's per-address limit (throws 429). */
  admitHeavyRead: () => Promise<void>;
  /** Mercurius rejects mutations sent with GET when it sees the reply. */
  reply?: FastifyReply;
}
