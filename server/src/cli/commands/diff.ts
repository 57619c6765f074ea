import type { Command } from '../io';

// Placeholder so the CLI builds; the command is being implemented.
const run: Command = async (_argv, io) => { io.err('search-config diff: not implemented yet\n'); return 2; };
export default run;
