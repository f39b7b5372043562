import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Which server holds an embedded database: written when it listens, removed when it stops.
const MARKER = 'server.json';

export function markRunningServer(dataDir: string, url: string): () => void {
  const file = join(dataDir, MARKER);
  writeFileSync(file, JSON.stringify({ pid: process.pid, url }), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The server holding an embedded database, from its marker (also used by `vitrine owners add`). */
export function runningServer(dataDir: string): { url: string; pid: number } | undefined {
  const file = join(dataDir, MARKER);
  if (!existsSync(file)) return undefined;
  try {
    const { pid, url } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string };
    process.kill(pid, 0);
    return { url, pid };
  } catch (error) {
    // EPERM: the process exists but belongs to someone else. Anything else: a stale marker.
    if ((error as NodeJS.ErrnoException).code === 'EPERM') {
      const { url, pid } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; pid: number };
      return { url, pid };
    }
    return undefined;
  }
}
