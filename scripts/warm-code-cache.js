'use strict';
// Build step: lints the examples once through the CLI bundle and keeps V8's code cache of it
// (dist/cli.js.cache), so that every later start skips most of the compiling.
const path = require('path');
process.chdir(path.join(__dirname, '..'));
process.argv = [process.argv[0], 'search-config', 'lint', 'examples/', '--format', 'json', '--output', process.platform === 'win32' ? 'NUL' : '/dev/null'];
require('../bin/run-bundle.js').runBundle('cli', { writeCache: true });
process.on('exit', () => { process.exitCode = 0; });
