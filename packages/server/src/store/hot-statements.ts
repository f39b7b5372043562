/**
 * Which statement texts deserve a prepared statement: those run at least twice. The server's hot
 * paths run the same few static texts thousands of times, while generated texts (data queries with a
 * filter shape seen once) would otherwise take the bounded number of prepared slots first and leave
 * a hot text unprepared. Texts seen once are remembered up to a bound, then forgotten all at once.
 */
export function secondSighting(maxRemembered = 4096): (sql: string) => boolean {
  let seenOnce = new Set<string>();
  return (sql) => {
    if (seenOnce.has(sql)) return true;
    if (seenOnce.size >= maxRemembered) seenOnce = new Set();
    seenOnce.add(sql);
    return false;
  };
}

/**
 * Statement texts sent as named prepared statements: pg parses and plans each once per connection
 * and then only binds and executes (the token endpoint's lookups are a few static texts run
 * thousands of times a second). Bounded, so generated texts cannot grow every connection's backend
 * memory: a text is named from its second run, and after `maxNamed` texts, new ones run unnamed. A plan
 * PostgreSQL can no longer use (a migration changed a table's row type) fails with SQLSTATE 0A000; the
 * text is then forgotten and runs unnamed from then on. One namer per pool, so a pool opened late in a
 * long-lived process (tests, a second database) does not find the bound already spent by another.
 */
export interface StatementNamer {
  name(sql: string): string | undefined;
  forget(sql: string): void;
}

export function statementNamer(maxNamed = 256): StatementNamer {
  const names = new Map<string, string>();
  const isHot = secondSighting();
  return {
    name(sql) {
      let name = names.get(sql);
      if (name === undefined && names.size < maxNamed && isHot(sql)) {
        name = `vitrine_${names.size + 1}`;
        names.set(sql, name);
      }
      return name || undefined;
    },
    forget: (sql) => void names.set(sql, ''),
  };
}
