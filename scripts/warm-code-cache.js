'use strict';
// Build step: runs the CLI and the language server bundles once each and keeps V8's code cache of
// them (dist/cli.js.cache, dist/server-main.js.cache), so that every later start skips most of the
// compiling.
//   node scripts/warm-code-cache.js            both, each in its own process
//   node scripts/warm-code-cache.js cli|server one, in this process
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.join(__dirname, '..');

function warmCli() {
  process.chdir(root);
  process.argv = [process.argv[0], 'search-config', 'lint', 'examples/', '--format', 'json', '--output', process.platform === 'win32' ? 'NUL' : '/dev/null'];
  require('../bin/run-bundle.js').runBundle('cli', { writeCache: true });
  process.on('exit', () => { process.exitCode = 0; });
}

/**
 * The server as an editor starts it: the cache is written when it exits, after a conversation
 * that opens an example, so that it holds what starting and a first analysis compile.
 */
function warmServer() {
  const { PassThrough } = require('stream');
  const input = new PassThrough();
  const output = new PassThrough();
  // The server talks over this process's stdio; the conversation is fed to it from memory.
  Object.defineProperty(process, 'stdin', { value: input });
  Object.defineProperty(process, 'stdout', { value: output });
  process.argv = [process.argv[0], 'search-config-language-server', '--stdio'];
  const send = (message) => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    input.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  const uri = require('url').pathToFileURL(path.join(root, 'examples/mistakes.search.json')).href;
  const text = require('fs').readFileSync(path.join(root, 'examples/mistakes.search.json'), 'utf8');
  let received = '';
  output.on('data', (chunk) => {
    received += chunk;
    if (received.includes('"textDocument/publishDiagnostics"') && !received.includes('"id":2')) {
      send({ id: 2, method: 'shutdown' });
      send({ method: 'exit' });
    }
  });
  require('../bin/run-bundle.js').runBundle('server-main', { writeCache: true });
  send({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  send({ method: 'initialized', params: {} });
  send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'search-config', version: 1, text } } });
  setTimeout(() => { process.stderr.write('warm-code-cache: the server did not answer\n'); process.exit(1); }, 20_000).unref();
}

const which = process.argv[2];
if (which === 'cli') warmCli();
else if (which === 'server') warmServer();
else {
  let failed = false;
  for (const name of ['cli', 'server']) {
    const r = spawnSync(process.execPath, [__filename, name], { stdio: 'inherit', cwd: root });
    if (r.status !== 0) { process.stderr.write(`warm-code-cache: the ${name} cache was not written\n`); failed = true; }
  }
  process.exitCode = failed ? 1 : 0;
}
