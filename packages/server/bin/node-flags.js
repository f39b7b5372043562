// The Node.js flags and the environment `vitrine serve` runs with (docs/operating.md → Memory of the embedded
// database).
//
// V8 sizes its young generation when the process starts: up to 2 × 16 MB of semi-spaces, which a server
// fills while it loads and keeps. `v8.setFlagsFromString` after start changes nothing (measured), so the
// flag must be on node's command line: `npm start` puts it there, and `vitrine serve` started without it
// runs itself again with it (bench/RESULTS.md → Embedded footprint: what each costs and saves).
//
// VITRINE_NODE_FLAGS: unset for the defaults below; `off` for node's own defaults (no second process);
// otherwise the flags to use instead, e.g. `--max-semi-space-size=16` for a busy shop on a large machine.
//
// glibc's malloc reads its tunables from the environment once, when the process starts, so the same holds
// for MALLOC_TRIM_THRESHOLD_: set explicitly, glibc gives freed memory back to the system (and stops raising
// its mmap threshold), where by default it kept ~30 MB of what a first start freed. VITRINE_MALLOC_TRIM_THRESHOLD:
// unset for 1 MiB, `off` for glibc's own behaviour, or a number of bytes; an operator's own
// MALLOC_TRIM_THRESHOLD_ always wins. Only on Linux with glibc (musl and other systems do not read it).

export const DEFAULT_NODE_FLAGS = ['--max-semi-space-size=2'];
export const DEFAULT_MALLOC_TRIM_THRESHOLD = '1048576';

// One flag: --name or --name=value, nothing a shell or node would read as something else.
const FLAG = /^--[a-z][a-z0-9-]*(=[A-Za-z0-9._,:-]+)?$/;

/** The flags from `VITRINE_NODE_FLAGS`, or an error sentence for a value that is not a list of flags. */
export function nodeFlagsFromEnv(env = process.env) {
  const raw = env.VITRINE_NODE_FLAGS?.trim();
  if (!raw) return { flags: DEFAULT_NODE_FLAGS };
  if (raw === 'off') return { flags: [] };
  const flags = raw.split(/\s+/);
  const wrong = flags.find((flag) => !FLAG.test(flag));
  if (wrong)
    return {
      flags: [],
      error: `VITRINE_NODE_FLAGS must be "off" or node flags such as --max-semi-space-size=16, not "${wrong.slice(0, 40)}"`,
    };
  return { flags };
}

/** Whether this process's C library is glibc (the only one that reads MALLOC_TRIM_THRESHOLD_). */
export function runsOnGlibc() {
  if (process.platform !== 'linux') return false;
  try {
    return Boolean(process.report?.getReport().header.glibcVersionRuntime);
  } catch {
    return false;
  }
}

/**
 * The environment variables the server's process needs at start (`VITRINE_MALLOC_TRIM_THRESHOLD`), or an error
 * sentence; `glibc`: whether to set glibc's (false elsewhere: nothing to set).
 */
export function nodeEnvFromEnv(env = process.env, glibc = runsOnGlibc()) {
  const raw = env.VITRINE_MALLOC_TRIM_THRESHOLD?.trim();
  if (raw && raw !== 'off' && !/^\d{1,10}$/.test(raw))
    return {
      env: {},
      error: `VITRINE_MALLOC_TRIM_THRESHOLD must be "off" or a number of bytes such as 1048576, not "${raw.slice(0, 40)}"`,
    };
  if (!glibc || raw === 'off' || env.MALLOC_TRIM_THRESHOLD_ !== undefined) return { env: {} };
  return { env: { MALLOC_TRIM_THRESHOLD_: raw || DEFAULT_MALLOC_TRIM_THRESHOLD } };
}

/** The flags this process still lacks: those neither on its command line nor in NODE_OPTIONS. */
export function missingNodeFlags(flags, execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const present = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return flags.filter((flag) => !present.has(flag));
}

/** The variables of `wanted` this process did not start with. */
export function missingNodeEnv(wanted, env = process.env) {
  return Object.fromEntries(Object.entries(wanted).filter(([name, value]) => env[name] !== value));
}
