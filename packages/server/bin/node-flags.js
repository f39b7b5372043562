// The Node.js flags `vitrine serve` runs with (docs/operating.md → Memory of the embedded database).
//
// V8 sizes its young generation when the process starts: up to 2 × 16 MB of semi-spaces, which a server
// fills while it loads and keeps. `v8.setFlagsFromString` after start changes nothing (measured), so the
// flag must be on node's command line: `npm start` puts it there, and `vitrine serve` started without it
// runs itself again with it (bench/RESULTS.md → Embedded footprint: what each costs and saves).
//
// VITRINE_NODE_FLAGS: unset for the defaults below; `off` for node's own defaults (no second process);
// otherwise the flags to use instead, e.g. `--max-semi-space-size=16` for a busy shop on a large machine.

export const DEFAULT_NODE_FLAGS = ['--max-semi-space-size=2'];

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

/** The flags this process still lacks: those neither on its command line nor in NODE_OPTIONS. */
export function missingNodeFlags(flags, execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const present = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return flags.filter((flag) => !present.has(flag));
}
