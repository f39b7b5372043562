// Entry used by `node dist/main.js` (containers, process managers): same as `vitrine serve`.
import { main } from './cli.js';

const code = await main(['serve', ...process.argv.slice(2)]);
if (code !== 0) process.exit(code);
