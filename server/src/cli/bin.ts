import { main } from './main';
import { processIO } from './io';
import { turnOffYamlDebugOutput } from '../node/yaml-debug';

// Entry of the CLI bundle (bin/search-config.js). Kept apart from main.ts so tests can import main.
turnOffYamlDebugOutput();
const io = processIO();
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    io.err(`search-config: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
