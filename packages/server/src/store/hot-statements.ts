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
