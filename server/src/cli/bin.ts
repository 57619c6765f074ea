import { main } from './main';
import { processIO } from './io';

// Entry of the CLI bundle (bin/search-config.js). Kept apart from main.ts so tests can import main.
main(process.argv.slice(2), processIO()).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`search-config: internal error: ${err instanceof Error ? err.message : String(err)}\n`); process.exitCode = 2; },
);
