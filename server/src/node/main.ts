import { nodeTransport, startServer } from '../lsp';
import { nodeRuntime } from './runtime';
import { turnOffYamlDebugOutput } from './yaml-debug';

const USAGE = `Usage: search-config-language-server (--stdio | --node-ipc | --socket=PORT | --pipe=NAME) [--clientProcessId=PID]

Language server for the configuration files of the managed search service.
The transport arguments are read by vscode-languageserver; with --clientProcessId the server
exits when that process ends.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

turnOffYamlDebugOutput();
// Over stdio, stray console output would corrupt the protocol stream; createConnection redirects it.
const { createConnection, ProposedFeatures } = nodeTransport();
const connection = createConnection(ProposedFeatures.all);
startServer(connection, nodeRuntime());
connection.listen();
