/**
 * Unique indexes a shop declared (data/declared-indexes.ts), by index name, so that the error a clashing write
 * raises (SQLSTATE 23505, naming the index) is answered as a 409 that says which fields, wherever it surfaces
 * (REST, GraphQL). Names are derived from the config, so every instance registers the same ones at start.
 */
export interface UniqueIndex {
  collectionId: string;
  fields: string[];
}

const UNIQUE_VIOLATION = '23505';
const known = new Map<string, UniqueIndex>();

/** The error PostgreSQL (and PGlite) raise when a write clashes with any unique index or constraint. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

export function registerUniqueIndex(name: string, index: UniqueIndex): void {
  known.set(name, index);
}

/** The declared unique index a write clashed with, else undefined. */
export function uniqueIndexViolated(error: unknown): UniqueIndex | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  // pg names the index in `constraint`; PGlite's error may carry it only in the message.
  const name =
    typeof constraint === 'string'
      ? constraint
      : typeof message === 'string'
        ? /"(data_uniq_[0-9a-f]{24})"/.exec(message)?.[1]
        : undefined;
  return name === undefined ? undefined : known.get(name);
}
