#!/usr/bin/env node
'use strict';
// Started as the CLI is (bin/compile-cache.js); the entry requires the server's bundles the same way.
require('./compile-cache.js').run(require.resolve('../dist/server.js'));
