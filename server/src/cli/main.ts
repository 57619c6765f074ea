import type { CliIO, Command } from './io';
import lint from './commands/lint';
import explain from './commands/explain';
import diff from './commands/diff';
import importSettings from './commands/import-settings';
import { VERSION } from '../core';

const COMMANDS: Record<string, Command> = { lint, explain, diff, 'import-settings': importSettings };

export const USAGE = `Usage: search-config <command> [options]

Commands:
  lint [paths|dirs|globs|-]   Check service configurations (default command)
  explain <field-path|rule>   Show the documentation of a field or a rule
  diff OLD NEW                Classify the changes between two configurations
  import-settings FILE|-      Turn engine settings (opensearch.yml, _cluster/settings) into
                              configuration fields

Run 'search-config <command> --help' for the options of a command.
`;

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.out(`${VERSION}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (first && COMMANDS[first]) return COMMANDS[first](rest, io);
  return lint(argv, io);
}
